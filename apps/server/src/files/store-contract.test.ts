import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.js';
import { PNG_1X1 } from '../../test/multipart.js';
import type { App } from '../app-type.js';
import type { FileStoreOptions } from '../config.js';
import {
  type BlobStore,
  CHUNK_BYTES,
  DiskBlobStore,
  FileExistsError,
  PostgresBlobStore,
  readBlob,
} from './blob-store.js';
import { FileStore } from './file-store.js';

/**
 * One contract, every file store driver (docs/decisions/0008-file-store.md): the local disk, the
 * PostgreSQL table (on the test database: PGlite, or PostgreSQL when DATABASE_URL is set, as CI runs the
 * API tests) and an S3-compatible server when S3_ENDPOINT is set (S3_BUCKET, S3_REGION,
 * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY; the bucket is created if missing), skipped with the reason
 * printed otherwise.
 */
let app: App;
let dataDir: string;
beforeAll(async () => {
  app = await createTestApp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-store-contract-'));
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const s3Env = process.env.S3_ENDPOINT
  ? ({
      endpoint: process.env.S3_ENDPOINT,
      bucket: process.env.S3_BUCKET || 'glass-contract-test',
      region: process.env.S3_REGION || 'us-east-1',
      accessKeyId: process.env.S3_ACCESS_KEY_ID,
      secretAccessKey: process.env.S3_SECRET_ACCESS_KEY,
      prefix: `contract-${randomBytes(4).toString('hex')}`,
    } satisfies FileStoreOptions['s3'])
  : undefined;
if (!s3Env)
  console.log('store contract: S3-compatible driver skipped (set S3_ENDPOINT, S3_BUCKET and keys to run it)');

async function s3Store(): Promise<BlobStore> {
  const options = s3Env as NonNullable<typeof s3Env>;
  const { S3BlobStore } = await import('./s3-store.js');
  const { S3Client, CreateBucketCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: true,
    credentials: options.accessKeyId
      ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey ?? '' }
      : undefined,
  });
  await client.send(new CreateBucketCommand({ Bucket: options.bucket })).catch((err) => {
    if (!/BucketAlready(OwnedByYou|Exists)/.test(err?.name ?? '')) throw err;
  });
  return new S3BlobStore(options);
}

const drivers: { name: string; skip?: string; make: () => BlobStore | Promise<BlobStore> }[] = [
  { name: 'disk', make: () => new DiskBlobStore(() => path.join(dataDir, 'files')) },
  {
    name: `postgres table (on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    make: () => new PostgresBlobStore(app.deps.db),
  },
  { name: 's3', skip: s3Env ? undefined : 'S3_ENDPOINT is not set', make: s3Store },
];

const key = (what: string) => `contract/${what}_${randomBytes(8).toString('hex')}.bin`;
const MB = 1024 * 1024;

for (const driver of drivers) {
  describe.skipIf(Boolean(driver.skip))(`file store contract: ${driver.name}`, () => {
    let store: BlobStore;
    beforeAll(async () => {
      store = await driver.make();
    });

    it('puts and gets back a 1 MB file byte for byte', async () => {
      const k = key('roundtrip');
      const data = randomBytes(MB);
      await store.put(k, data);
      expect(await store.exists(k)).toBe(true);
      expect((await readBlob(store, k))?.equals(data)).toBe(true);
      // An empty file is a file too.
      const empty = key('empty');
      await store.put(empty, Buffer.alloc(0));
      expect(await store.exists(empty)).toBe(true);
      expect((await readBlob(store, empty))?.length).toBe(0);
    });

    it('streams a file in pieces rather than in one buffer', async () => {
      const k = key('stream');
      const data = randomBytes(MB + 12_345);
      await store.put(k, data);
      const stream = await store.get(k);
      expect(stream).toBeDefined();
      const pieces: Buffer[] = [];
      for await (const piece of stream as NodeJS.ReadableStream) pieces.push(Buffer.from(piece as Buffer));
      expect(pieces.length).toBeGreaterThan(1);
      expect(Math.max(...pieces.map((p) => p.length))).toBeLessThanOrEqual(CHUNK_BYTES);
      expect(Buffer.concat(pieces).equals(data)).toBe(true);
    });

    it('writes a stream as it arrives (putStream), whole; a failing source leaves nothing', async () => {
      const k = key('put-stream');
      const data = randomBytes(2 * MB + 777);
      async function* pieces(fail = false) {
        for (let at = 0; at < data.length; at += 100_000) {
          if (fail && at > MB) throw new Error('source failed');
          yield data.subarray(at, at + 100_000);
        }
      }
      await store.putStream(k, pieces());
      expect((await readBlob(store, k))?.equals(data)).toBe(true);
      await expect(store.putStream(k, pieces())).rejects.toBeInstanceOf(FileExistsError);
      const broken = key('put-stream-broken');
      await expect(store.putStream(broken, pieces(true))).rejects.toThrow('source failed');
      expect(await store.exists(broken)).toBe(false);
      const empty = key('put-stream-empty');
      await store.putStream(empty, (async function* () {})());
      expect((await readBlob(store, empty))?.length).toBe(0);
    });

    it('deletes a file; deleting a missing one is no error', async () => {
      const k = key('delete');
      await store.put(k, randomBytes(1000));
      await store.delete(k);
      expect(await store.exists(k)).toBe(false);
      expect(await store.get(k)).toBeUndefined();
      await expect(store.delete(k)).resolves.toBeUndefined();
      // The name is free again.
      await store.put(k, Buffer.from('again'));
      expect((await readBlob(store, k))?.toString()).toBe('again');
    });

    it('a missing file is undefined, not an error; unsafe names never reach the driver', async () => {
      expect(await store.get(key('missing'))).toBeUndefined();
      expect(await store.exists(key('missing'))).toBe(false);
      for (const bad of ['../etc/passwd', '/etc/passwd', 'a/../../b', 'a\\b', '']) {
        expect(await store.exists(bad)).toBe(false);
        await expect(store.put(bad, Buffer.from('x'))).rejects.toThrow();
      }
    });

    it('of concurrent puts of the same name exactly one wins, whole', async () => {
      const k = key('race');
      const bodies = Array.from({ length: 4 }, (_, i) => Buffer.alloc(300_000 + i, i + 1));
      const results = await Promise.allSettled(bodies.map((b) => store.put(k, b)));
      const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
      expect(won).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(FileExistsError);
      expect((await readBlob(store, k))?.equals(bodies[won[0]])).toBe(true);
    });

    it('a file saved in a unit of work that rolls back is gone; a committed one stays', async () => {
      const files = new FileStore(app.deps.db, { dataDir }, store);
      const owner = { ownerType: 'ContractTest', ownerId: 1 };
      const image = { filename: 'proof.png', buffer: PNG_1X1, mime: 'image/png', ext: 'png' };
      let rolledBack = '';
      await expect(
        app.deps.db.transaction(async (work) => {
          rolledBack = await files.saveImage(work, image, 'contract', owner);
          throw new Error('refused after the upload');
        }),
      ).rejects.toThrow('refused after the upload');
      expect(rolledBack).not.toBe('');
      expect(await store.exists(rolledBack)).toBe(false);
      expect(await store.exists(`${rolledBack}.thumb.webp`)).toBe(false);
      const rows = await app.deps.db.rows(sql`select 1 from stored_files where path = ${rolledBack}`);
      expect(rows).toHaveLength(0);

      const kept = await app.deps.db.transaction((work) => files.saveImage(work, image, 'contract', owner));
      expect(await store.exists(kept)).toBe(true);
      const found = await files.read(kept);
      expect(found?.mime).toBe('image/png');
      expect(found?.thumbPath).toBe(`${kept}.thumb.webp`);
      expect(await store.exists(`${kept}.thumb.webp`)).toBe(true);
    });
  });
}
