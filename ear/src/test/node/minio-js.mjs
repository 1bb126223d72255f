// minio-js at its default settings against the stack. Driven by MinioJsIT:
//   node minio-js.mjs FLOW BUCKET   (endpoint and credentials from PGVS3_S3_ENDPOINT, PGVS3_ACCESS_KEY, PGVS3_SECRET_KEY)
// Exits non-zero with the reason when a flow fails.
import { createHash, randomBytes } from 'node:crypto';
import assert from 'node:assert/strict';
import * as Minio from 'minio';

const [flow, bucket] = process.argv.slice(2);
const endpoint = new URL(process.env.PGVS3_S3_ENDPOINT);
const minio = new Minio.Client({
  endPoint: endpoint.hostname,
  port: Number(endpoint.port),
  useSSL: false,
  pathStyle: true,
  region: 'us-east-1',
  accessKey: process.env.PGVS3_ACCESS_KEY,
  secretKey: process.env.PGVS3_SECRET_KEY,
});
const MiB = 1024 * 1024;
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

async function read(stream) {
  const chunks = [];
  for await (const chunk of stream) {
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function list(prefix) {
  const names = [];
  for await (const object of minio.listObjectsV2(bucket, prefix, true)) {
    names.push(object.name);
  }
  return names;
}

const flows = {
  async makeBucket() {
    await minio.makeBucket(bucket);
    assert.equal(await minio.bucketExists(bucket), true);
  },
  // minio-js uploads up to 64 MiB in one PUT and larger streams in parts
  async putGetStatRemove() {
    for (const size of [0, 100 * 1024, 20 * MiB]) {
      const bytes = randomBytes(size);
      await minio.putObject(bucket, `objects/${size}`, bytes, size, { 'Content-Type': 'application/x-test' });
      assert.equal(sha256(await read(await minio.getObject(bucket, `objects/${size}`))), sha256(bytes));
      const stat = await minio.statObject(bucket, `objects/${size}`);
      assert.equal(stat.size, size);
    }
    const bytes = randomBytes(1000);
    await minio.putObject(bucket, 'partial', bytes);
    assert.deepEqual(await read(await minio.getPartialObject(bucket, 'partial', 10, 20)), bytes.subarray(10, 30));
    const names = await list('objects/');
    assert.deepEqual(names.sort(), ['objects/0', 'objects/102400', 'objects/20971520']);
    await minio.removeObjects(bucket, names);
    assert.deepEqual(await list('objects/'), []);
  },
  async multipartStream() {
    const bytes = randomBytes(70 * MiB);
    const { Readable } = await import('node:stream');
    await minio.putObject(bucket, 'multipart', Readable.from([bytes]), undefined, {});
    const stat = await minio.statObject(bucket, 'multipart');
    assert.equal(stat.size, bytes.length);
    assert.equal(sha256(await read(await minio.getObject(bucket, 'multipart'))), sha256(bytes));
  },
  async presigned() {
    const put = await minio.presignedPutObject(bucket, 'presigned', 300);
    const sent = await fetch(put, { method: 'PUT', body: 'by minio-js' });
    assert.equal(sent.status, 200, await sent.text());
    const got = await fetch(await minio.presignedGetObject(bucket, 'presigned', 300));
    assert.equal(await got.text(), 'by minio-js');
  },
};

try {
  await flows[flow]();
  console.log(`${flow}: ok`);
} catch (e) {
  console.error(`${flow} failed:`, e);
  process.exit(1);
}
