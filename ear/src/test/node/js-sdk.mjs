// AWS SDK for JavaScript v3 and @aws-sdk/lib-storage at their default settings (checksums, Expect:
// 100-continue with Connection: close for bodies of 2 MiB and more, keep-alive otherwise), and with
// expectContinueHeader: false (no Expect header at any size), against the stack. Driven by JsSdkIT:
//   node js-sdk.mjs FLOW BUCKET   (endpoint and credentials from PGVS3_S3_ENDPOINT, PGVS3_ACCESS_KEY, PGVS3_SECRET_KEY)
// Exits non-zero with the reason when a flow fails.
import { createHash, randomBytes } from 'node:crypto';
import assert from 'node:assert/strict';
import {
  S3Client, CreateBucketCommand, PutObjectCommand, GetObjectCommand, HeadObjectCommand,
  DeleteObjectsCommand, paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

const [flow, bucket] = process.argv.slice(2);
const client = (options) => new S3Client({
  endpoint: process.env.PGVS3_S3_ENDPOINT,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: process.env.PGVS3_ACCESS_KEY, secretAccessKey: process.env.PGVS3_SECRET_KEY },
  ...options,
});
const s3 = client({});
// the configuration docs/s3-compatibility.md gives Node.js users: no Expect: 100-continue at any size
const withoutExpect = client({ expectContinueHeader: false });
const MiB = 1024 * 1024;
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

async function body(key, range) {
  const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: range }));
  return Buffer.from(await answer.Body.transformToByteArray());
}

// 100 MiB through lib-storage's Upload (twenty 5 MiB parts), read back whole
async function upload(through, key) {
  const bytes = randomBytes(100 * MiB);
  const result = await new Upload({ client: through, params: { Bucket: bucket, Key: key, Body: bytes } }).done();
  assert.match(result.ETag, /-20"$/, 'twenty 5 MiB parts');
  const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  assert.equal(head.ContentLength, bytes.length);
  assert.equal(sha256(await body(key)), sha256(bytes));
}

const flows = {
  // every size class below 2 MiB, from where the SDK sends Expect: 100-continue (see expectContinuePut)
  async putSizes() {
    for (const size of [0, 1024, 64 * 1024 + 1, 2 * MiB - 1]) {
      const bytes = randomBytes(size);
      const key = `sizes/${size}`;
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes }));
      assert.equal(sha256(await body(key)), sha256(bytes), `object of ${size} bytes`);
    }
  },
  // 20 MiB in one PutObject: the SDK sends Expect: 100-continue with Connection: close (docs/adr/0026)
  async expectContinuePut() {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'expect/20MiB', Body: randomBytes(20 * MiB) }));
  },
  async libStorageUpload() {
    await upload(s3, 'upload/100MiB');
  },
  // with expectContinueHeader: false the SDK sends no Expect header, so Liberty sends no interim 100
  async putWithoutExpect() {
    for (const size of [3 * MiB, 20 * MiB]) {
      const bytes = randomBytes(size);
      const key = `no-expect/${size}`;
      await withoutExpect.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes }));
      assert.equal(sha256(await body(key)), sha256(bytes), `object of ${size} bytes`);
    }
  },
  async libStorageUploadWithoutExpect() {
    await upload(withoutExpect, 'no-expect/upload-100MiB');
  },
  async rangedGet() {
    const bytes = randomBytes(300 * 1024);
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'ranged', Body: bytes }));
    assert.deepEqual(await body('ranged', 'bytes=100-199'), bytes.subarray(100, 200));
    assert.deepEqual(await body('ranged', 'bytes=-10'), bytes.subarray(bytes.length - 10));
  },
  async listPagesAndDeleteObjects() {
    const keys = Array.from({ length: 25 }, (_, i) => `list/${String(i).padStart(2, '0')} space`);
    for (const key of keys) {
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: key }));
    }
    const seen = [];
    let pages = 0;
    for await (const page of paginateListObjectsV2({ client: s3, pageSize: 10 }, { Bucket: bucket, Prefix: 'list/' })) {
      pages++;
      seen.push(...(page.Contents ?? []).map((o) => o.Key));
    }
    assert.equal(pages, 3);
    assert.deepEqual(seen, keys);
    const deleted = await s3.send(new DeleteObjectsCommand({
      Bucket: bucket, Delete: { Objects: keys.map((Key) => ({ Key })) },
    }));
    assert.equal(deleted.Deleted.length, keys.length);
    assert.equal(deleted.Errors, undefined);
  },
  async presignedUrls() {
    const put = await getSignedUrl(s3, new PutObjectCommand({ Bucket: bucket, Key: 'presigned' }), { expiresIn: 300 });
    const sent = await fetch(put, { method: 'PUT', body: 'through a presigned URL' });
    assert.equal(sent.status, 200, await sent.text());
    const get = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: 'presigned' }), { expiresIn: 300 });
    const got = await fetch(get);
    assert.equal(got.status, 200);
    assert.equal(await got.text(), 'through a presigned URL');
  },
};

try {
  if (flow === 'createBucket') {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  } else {
    await flows[flow]();
  }
  console.log(`${flow}: ok`);
} catch (e) {
  console.error(`${flow} failed:`, e);
  process.exit(1);
}
