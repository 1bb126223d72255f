"""boto3 against pgvs3: checksums on put and get, checksum mode, ChecksumType, multipart transfers, listing prefixes,
delete_objects. Run by Boto3IT."""
import base64
import hashlib
import os
import sys
import tempfile
import urllib.error
import urllib.request
import zlib

try:
    import boto3
    from boto3.s3.transfer import TransferConfig
    from botocore.config import Config
    from botocore.exceptions import ClientError
except ImportError as e:
    print(f"boto3 is not importable: {e}")
    sys.exit(3)


def client(endpoint, **options):
    return boto3.client(
        "s3", endpoint_url=endpoint, region_name="us-east-1",
        aws_access_key_id=os.environ["AWS_ACCESS_KEY_ID"],
        aws_secret_access_key=os.environ["AWS_SECRET_ACCESS_KEY"],
        config=Config(s3={"addressing_style": "path"}, retries={"max_attempts": 1}, **options))


def b64(digest):
    return base64.b64encode(digest).decode()


def check(condition, what):
    if not condition:
        raise AssertionError(what)


first = client(os.environ["PGVS3_S3_ENDPOINT"])
second = client(os.environ["PGVS3_S3_ENDPOINT_2"])
bucket = os.environ["PGVS3_BUCKET"]
body = bytes((i * 7 + i // 251) % 256 for i in range(3 * 1024 * 1024 + 5))
sha256 = b64(hashlib.sha256(body).digest())
crc32 = b64(zlib.crc32(body).to_bytes(4, "big"))

first.create_bucket(Bucket=bucket)

put = first.put_object(Bucket=bucket, Key="sha", Body=body, ChecksumAlgorithm="SHA256")
check(put["ChecksumSHA256"] == sha256, f"put echoes SHA256: {put}")
got = second.get_object(Bucket=bucket, Key="sha", ChecksumMode="ENABLED")
data = got["Body"].read()  # botocore validates the full-object checksum while reading
check(data == body, "get returns the body")
check(got["ChecksumSHA256"] == sha256, f"get returns the SHA256: {got}")
head = second.head_object(Bucket=bucket, Key="sha", ChecksumMode="ENABLED")
check(head["ChecksumSHA256"] == sha256 and head.get("ChecksumType") == "FULL_OBJECT", f"head: {head}")

default = first.put_object(Bucket=bucket, Key="default", Body=body)
check(default.get("ChecksumCRC32") == crc32, f"botocore's default CRC32 is verified and echoed: {default}")
check(second.get_object(Bucket=bucket, Key="default", ChecksumMode="ENABLED")["Body"].read() == body, "default get")

first.put_object(Bucket=bucket, Key="sha1", Body=b"Hello world", ChecksumAlgorithm="SHA1")
check(second.head_object(Bucket=bucket, Key="sha1", ChecksumMode="ENABLED")["ChecksumSHA1"]
      == "e1AsOh9IyGCa4hLN+2Od7jlnP14=", "sha1")
# botocore computes CRC32C only with the CRT; a precomputed value needs none
first.put_object(Bucket=bucket, Key="c32c", Body=b"Hello world", ChecksumCRC32C="crUfeA==")
check(second.head_object(Bucket=bucket, Key="c32c", ChecksumMode="ENABLED")["ChecksumCRC32C"] == "crUfeA==", "crc32c")

try:
    first.put_object(Bucket=bucket, Key="sha", Body=b"other", ChecksumSHA256=sha256)
    raise AssertionError("a wrong SHA256 was accepted")
except ClientError as e:
    check(e.response["Error"]["Code"] == "BadDigest", f"wrong checksum: {e.response}")
check(second.get_object(Bucket=bucket, Key="sha")["Body"].read() == body, "the old object is intact")

# boto3's transfer manager: a multipart upload in 5 MiB parts through one gateway, read back through the other
big = os.urandom(12 * 1024 * 1024 + 7)
parts = TransferConfig(multipart_threshold=5 * 1024 * 1024, multipart_chunksize=5 * 1024 * 1024)
with tempfile.TemporaryDirectory() as tmp:
    source, target = os.path.join(tmp, "source"), os.path.join(tmp, "target")
    with open(source, "wb") as f:
        f.write(big)
    first.upload_file(source, bucket, "multi", Config=parts)
    second.download_file(bucket, "multi", target, Config=parts)
    with open(target, "rb") as f:
        check(f.read() == big, "multipart round trip")
check(second.head_object(Bucket=bucket, Key="multi")["ETag"].endswith('-3"'), "a multipart ETag of 3 parts")

# issue 21: ChecksumType wherever a checksum is carried (PutObject, CompleteMultipartUpload, GET/HEAD with
# checksum mode, GetObjectAttributes), for a COMPOSITE and a FULL_OBJECT multipart object
check(put.get("ChecksumType") == "FULL_OBJECT", f"put: {put}")
attributes = second.get_object_attributes(Bucket=bucket, Key="sha", ObjectAttributes=["Checksum"])
check(attributes["Checksum"] == {"ChecksumSHA256": sha256, "ChecksumType": "FULL_OBJECT"}, f"attributes: {attributes}")
for key, algorithm, kind in (("composite", "SHA256", None), ("full", "CRC32", "FULL_OBJECT")):
    create = {"ChecksumType": kind} if kind else {}
    upload = first.create_multipart_upload(Bucket=bucket, Key=key, ChecksumAlgorithm=algorithm, **create)["UploadId"]
    listed = []
    for number, part in ((1, body + body), (2, body)):
        sent = first.upload_part(Bucket=bucket, Key=key, UploadId=upload, PartNumber=number, Body=part,
                                 ChecksumAlgorithm=algorithm)
        listed.append({"PartNumber": number, "ETag": sent["ETag"], f"Checksum{algorithm}": sent[f"Checksum{algorithm}"]})
    done = first.complete_multipart_upload(Bucket=bucket, Key=key, UploadId=upload, MultipartUpload={"Parts": listed})
    wanted = kind or "COMPOSITE"
    value = done.get(f"Checksum{algorithm}")
    check(value and done.get("ChecksumType") == wanted, f"complete {key}: {done}")
    head = second.head_object(Bucket=bucket, Key=key, ChecksumMode="ENABLED")
    got = second.get_object(Bucket=bucket, Key=key, ChecksumMode="ENABLED")
    check(got.pop("Body").read() == body + body + body, f"get {key}")  # a FULL_OBJECT CRC32 is verified here
    for answer in (head, got):
        check(answer.get(f"Checksum{algorithm}") == value and answer.get("ChecksumType") == wanted,
              f"head/get {key}: {answer}")
    attributes = second.get_object_attributes(Bucket=bucket, Key=key, ObjectAttributes=["Checksum"])
    check(attributes["Checksum"].get("ChecksumType") == wanted, f"attributes {key}: {attributes}")
    second.delete_object(Bucket=bucket, Key=key)

# issue 21: a multipart upload whose parts carry no checksum (botocore computes none when only required)
# completes with the FULL_OBJECT CRC64NVME S3 computes, and GET/HEAD with checksum mode say so
plain = client(os.environ["PGVS3_S3_ENDPOINT"], request_checksum_calculation="when_required",
               response_checksum_validation="when_required")
upload = plain.create_multipart_upload(Bucket=bucket, Key="unchecked")["UploadId"]
listed = [{"PartNumber": n, "ETag": plain.upload_part(Bucket=bucket, Key="unchecked", UploadId=upload, PartNumber=n,
                                                    Body=part)["ETag"]} for n, part in ((1, body + body), (2, body))]
done = plain.complete_multipart_upload(Bucket=bucket, Key="unchecked", UploadId=upload, MultipartUpload={"Parts": listed})
check(done.get("ChecksumCRC64NVME") and done.get("ChecksumType") == "FULL_OBJECT", f"complete unchecked: {done}")
whole = plain.put_object(Bucket=bucket, Key="unchecked-whole", Body=body + body + body)  # CRC64NVME of the same bytes
check(whole.get("ChecksumCRC64NVME") == done["ChecksumCRC64NVME"], f"combined {done} vs whole {whole}")
head = second.head_object(Bucket=bucket, Key="unchecked", ChecksumMode="ENABLED")
check(head.get("ChecksumCRC64NVME") == done["ChecksumCRC64NVME"] and head.get("ChecksumType") == "FULL_OBJECT",
      f"head unchecked: {head}")
second.delete_objects(Bucket=bucket, Delete={"Objects": [{"Key": "unchecked"}, {"Key": "unchecked-whole"}]})

# issue 21: a prefix with a line feed comes back as sent. ListObjects (V1) does not escape a line feed in
# Prefix (botocore never decodes V1's Prefix); V2 encodes it under encoding-type=url, which botocore decodes
# when it chose the encoding itself and hands over as sent when the caller asked for it (as every key then)
for explicit in ({}, {"EncodingType": "url"}):
    v1 = second.list_objects(Bucket=bucket, Prefix="\n", **explicit)
    check(v1["Prefix"] == "\n", f"list_objects {explicit}: {v1}")
v2 = second.list_objects_v2(Bucket=bucket, Prefix="\n")
check(v2["Prefix"] == "\n", f"list_objects_v2: {v2}")
v2 = second.list_objects_v2(Bucket=bucket, Prefix="\n", EncodingType="url")
check(v2["Prefix"] == "%0A", f"list_objects_v2 with EncodingType=url: {v2}")

# presigned URLs: botocore presigns with SigV2 for an endpoint of its own unless told s3v4; the gateway, like
# every S3 region opened since 2014, refuses SigV2 with the answer that names the fix (docs/s3-compatibility.md)
sigv4 = client(os.environ["PGVS3_S3_ENDPOINT"], signature_version="s3v4")
url = sigv4.generate_presigned_url("put_object", Params={"Bucket": bucket, "Key": "presigned"}, ExpiresIn=300)
with urllib.request.urlopen(urllib.request.Request(url, data=b"signed in the URL", method="PUT")) as answer:
    check(answer.status == 200, f"presigned put: {answer.status}")
url = sigv4.generate_presigned_url("get_object", Params={"Bucket": bucket, "Key": "presigned"}, ExpiresIn=300)
with urllib.request.urlopen(url) as answer:
    check(answer.read() == b"signed in the URL", "presigned get")
sigv2 = client(os.environ["PGVS3_S3_ENDPOINT"], signature_version="s3")
url = sigv2.generate_presigned_url("get_object", Params={"Bucket": bucket, "Key": "presigned"}, ExpiresIn=300)
try:
    urllib.request.urlopen(url)
    check(False, "a SigV2 presigned URL was accepted")
except urllib.error.HTTPError as refused:
    text = refused.read().decode()
    check(refused.code == 400 and "<Code>InvalidRequest</Code>" in text and "AWS4-HMAC-SHA256" in text,
          f"SigV2 refusal: {refused.code} {text}")
second.delete_object(Bucket=bucket, Key="presigned")

result = second.delete_objects(Bucket=bucket, Delete={"Objects": [{"Key": "sha"}, {"Key": "missing"}]})
check(sorted(d["Key"] for d in result.get("Deleted", [])) == ["missing", "sha"], f"verbose: {result}")
check(not result.get("Errors"), f"no errors: {result}")
quiet = second.delete_objects(Bucket=bucket, Delete={"Objects": [{"Key": "default"}, {"Key": "c32c"}, {"Key": "sha1"}, {"Key": "multi"}], "Quiet": True})
check(not quiet.get("Deleted") and not quiet.get("Errors"), f"quiet: {quiet}")
check(second.list_objects_v2(Bucket=bucket)["KeyCount"] == 0, "all deleted")
second.delete_bucket(Bucket=bucket)
print("boto3 checks passed")
