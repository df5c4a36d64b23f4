// Over 300 lines: one interface and its three stores (disk, S3, database), which share the temp-file and key rules.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { FileStoreOptions } from '../config.js';
import type { Db } from '../db/unit-of-work.js';

/**
 * Where the bytes of stored files live (docs/decisions/0008-file-store.md). One interface, three
 * drivers chosen by FILE_STORE: the local disk (`disk`, the default on PGlite), chunked rows in
 * PostgreSQL (`postgres`, the default with DATABASE_URL, so every process sees every file) and an
 * S3-compatible bucket (`s3`). Keys are relative paths that FileStore produces and checks
 * (isSafeRelative); the blob stores never see anything else.
 */
export interface BlobStore {
  readonly driver: 'disk' | 'postgres' | 's3';
  /**
   * Writes the bytes under `key`, whole or not at all: a reader never sees half a file. Refuses with
   * FileExistsError when the key is taken (concurrent puts of one key: exactly one wins). `work` is the
   * unit of work the file belongs to; the PostgreSQL driver writes inside it, the others ignore it
   * (FileStore registers their removal with onRollback).
   */
  put(key: string, data: Buffer, work?: Db): Promise<void>;
  /**
   * Writes a stream under `key` as it arrives, never holding it whole (uploads of up to 50 MB: DMS
   * imports), with put's guarantees: whole or not at all, a taken name refused. An error of the source
   * (a size limit, a content check) aborts the write and leaves nothing. Outside any unit of work.
   */
  putStream(key: string, source: AsyncIterable<Buffer | Uint8Array>): Promise<void>;
  /** The bytes as a stream, or undefined when there is no such file. */
  get(key: string): Promise<Readable | undefined>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class FileExistsError extends Error {
  readonly code = 'EEXIST';
  constructor(key: string) {
    super(`a stored file already exists at ${key}`);
    this.name = 'FileExistsError';
  }
}

/** Reads a whole stored file (small files: images for PDFs, e-mail attachments). */
export async function readBlob(store: BlobStore, key: string): Promise<Buffer | undefined> {
  const stream = await store.get(key);
  if (!stream) return undefined;
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part));
  return Buffer.concat(parts);
}

/** Only names FileStore produces: no dot segments, no backslashes, no absolute paths. */
const SAFE_RELATIVE = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function isSafeRelative(rel: string): boolean {
  return (
    rel.length > 0 &&
    rel.length <= 300 &&
    SAFE_RELATIVE.test(rel) &&
    !rel.split('/').some((s) => s === '.' || s === '..')
  );
}

function checkKey(key: string) {
  if (!isSafeRelative(key)) throw new Error(`unsafe file path: ${key}`);
}

// --- Local disk -----------------------------------------------------------------------------------

/**
 * Files under `<root>/<key>` (root = `${DATA_DIR}/files`, read at each use). A put writes a temporary
 * file beside the target and links it into place (link fails if the name exists), so the name appears
 * only with its whole content and two puts of one name cannot both succeed.
 */
export class DiskBlobStore implements BlobStore {
  readonly driver = 'disk' as const;
  constructor(private readonly rootOf: () => string) {}

  get root(): string {
    return path.resolve(this.rootOf());
  }

  /** The absolute path of a key, checked twice (shape, then that it stays under the root). */
  absolute(key: string): string {
    checkKey(key);
    const root = this.root;
    const abs = path.resolve(root, key);
    if (!abs.startsWith(root + path.sep)) throw new Error(`file path outside the store: ${key}`);
    return abs;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const abs = this.absolute(key);
    await fs.mkdir(path.dirname(abs), { recursive: true });
    const tmp = `${abs}.${randomBytes(6).toString('hex')}.part`;
    await fs.writeFile(tmp, data, { flag: 'wx' });
    try {
      await fs.link(tmp, abs);
    } catch (err: any) {
      if (err?.code === 'EEXIST') throw new FileExistsError(key);
      throw err;
    } finally {
      await fs.rm(tmp, { force: true }).catch(() => {});
    }
  }

  async putStream(key: string, source: AsyncIterable<Buffer | Uint8Array>): Promise<void> {
    const abs = this.absolute(key);
    await fs.mkdir(path.dirname(abs), { recursive: true });
    const tmp = `${abs}.${randomBytes(6).toString('hex')}.part`;
    try {
      await pipeline(Readable.from(source, { objectMode: false }), createWriteStream(tmp, { flags: 'wx' }));
      await fs.link(tmp, abs);
    } catch (err: any) {
      if (err?.code === 'EEXIST') throw new FileExistsError(key);
      throw err;
    } finally {
      await fs.rm(tmp, { force: true }).catch(() => {});
    }
  }

  /** The real path of an existing file inside the root (symlinks resolved), or undefined. */
  private async real(key: string): Promise<string | undefined> {
    try {
      const [real, root] = await Promise.all([fs.realpath(this.absolute(key)), fs.realpath(this.root)]);
      if (!real.startsWith(root + path.sep)) return undefined;
      const stat = await fs.stat(real);
      return stat.isFile() ? real : undefined;
    } catch {
      return undefined;
    }
  }

  async get(key: string): Promise<Readable | undefined> {
    const real = await this.real(key);
    if (!real) return undefined;
    // Opened before returning, so a file removed in between is a miss rather than a stream error.
    const handle = await fs.open(real, 'r').catch(() => undefined);
    if (!handle) return undefined;
    return handle.createReadStream({ autoClose: true });
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.absolute(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return (await this.real(key)) !== undefined;
  }
}

// --- PostgreSQL (chunked bytea rows) ----------------------------------------------------------------

/** Chunk size of the PostgreSQL driver: one row of stored_file_chunks holds this many bytes. */
export const CHUNK_BYTES = 256 * 1024;

const isUniqueViolation = (err: any): boolean =>
  err?.code === '23505' || err?.cause?.code === '23505' || /duplicate key/.test(String(err?.message));

const asBuffer = (v: unknown): Buffer =>
  Buffer.isBuffer(v)
    ? v
    : v instanceof Uint8Array
      ? Buffer.from(v.buffer, v.byteOffset, v.byteLength)
      : Buffer.from(String(v));

/**
 * Files as rows of stored_file_chunks (path, n, data), 256 KB each, in the app's database (migration
 * 0012); every process that shares the database shares the files. Chunk 0 always exists (an empty file
 * is one empty chunk), so it marks the file. A put inside a unit of work writes in its transaction: the
 * file commits or rolls back with the rows that point at it; outside one it writes in a transaction of
 * its own. The primary key (path, n) makes a second put of the same name fail (after the first commits).
 * Reads stream chunk by chunk, one short query each, so a large file never sits whole in memory.
 */
export class PostgresBlobStore implements BlobStore {
  readonly driver = 'postgres' as const;
  constructor(private readonly db: Db) {}

  async put(key: string, data: Buffer, work: Db = this.db): Promise<void> {
    checkKey(key);
    const write = async (on: Db) => {
      for (let n = 0, at = 0; n === 0 || at < data.length; n++, at += CHUNK_BYTES) {
        const chunk = data.subarray(at, at + CHUNK_BYTES);
        await on.rows(sql`insert into stored_file_chunks (path, n, data) values (${key}, ${n}, ${chunk})`);
      }
    };
    try {
      // A transaction of its own, or a savepoint inside the caller's work: a refused name leaves it usable.
      await work.transaction(write);
    } catch (err) {
      if (isUniqueViolation(err)) throw new FileExistsError(key);
      throw err;
    }
  }

  async putStream(key: string, source: AsyncIterable<Buffer | Uint8Array>): Promise<void> {
    checkKey(key);
    try {
      // One transaction: readers see the file whole or not at all. At most one chunk is held at a time. Never run
      // again after a deadlock (decision 0033): the source is read as it is written, and cannot be read twice.
      await this.db.transaction(
        async (w) => {
          let n = 0;
          let pending: Buffer[] = [];
          let size = 0;
          const flush = async (chunk: Buffer) => {
            await w.rows(
              sql`insert into stored_file_chunks (path, n, data) values (${key}, ${n++}, ${chunk})`,
            );
          };
          for await (const part of source) {
            let buf = Buffer.isBuffer(part)
              ? part
              : Buffer.from(part.buffer, part.byteOffset, part.byteLength);
            while (buf.length > 0) {
              const take = Math.min(CHUNK_BYTES - size, buf.length);
              pending.push(buf.subarray(0, take));
              size += take;
              buf = buf.subarray(take);
              if (size === CHUNK_BYTES) {
                await flush(Buffer.concat(pending));
                pending = [];
                size = 0;
              }
            }
          }
          if (size > 0 || n === 0) await flush(Buffer.concat(pending));
        },
        { retry: false },
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw new FileExistsError(key);
      throw err;
    }
  }

  private async chunk(key: string, n: number): Promise<Buffer | undefined> {
    const [row] = await this.db.rows<{ data: unknown }>(
      sql`select data from stored_file_chunks where path = ${key} and n = ${n}`,
    );
    return row ? asBuffer(row.data) : undefined;
  }

  async get(key: string): Promise<Readable | undefined> {
    if (!isSafeRelative(key)) return undefined;
    const first = await this.chunk(key, 0);
    if (!first) return undefined;
    const self = this;
    async function* chunks() {
      yield first as Buffer;
      for (let n = 1; ; n++) {
        const next = await self.chunk(key, n);
        if (!next) return;
        yield next;
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  async delete(key: string): Promise<void> {
    if (!isSafeRelative(key)) return;
    await this.db.rows(sql`delete from stored_file_chunks where path = ${key}`);
  }

  async exists(key: string): Promise<boolean> {
    if (!isSafeRelative(key)) return false;
    const rows = await this.db.rows(sql`select 1 from stored_file_chunks where path = ${key} and n = 0`);
    return rows.length > 0;
  }
}

// --- Files written before the store moved off the disk -----------------------------------------------

/**
 * A shared store (PostgreSQL or S3) that still finds files an earlier version wrote to the local disk
 * (`${DATA_DIR}/files`): reads and existence checks fall back to the disk, new files go to the shared
 * store only, and a delete removes both copies. So facility icons, profile pictures and every other path
 * stored before the switch keep working on the machine that holds them (docs/deploy: copy them over).
 */
export class WithLegacyDisk implements BlobStore {
  constructor(
    private readonly primary: BlobStore,
    private readonly legacy: DiskBlobStore,
  ) {}

  get driver() {
    return this.primary.driver;
  }

  put(key: string, data: Buffer, work?: Db) {
    return this.primary.put(key, data, work);
  }

  putStream(key: string, source: AsyncIterable<Buffer | Uint8Array>) {
    return this.primary.putStream(key, source);
  }

  async get(key: string) {
    return (await this.primary.get(key)) ?? (await this.legacy.get(key));
  }

  async delete(key: string) {
    await Promise.all([this.primary.delete(key), this.legacy.delete(key).catch(() => {})]);
  }

  async exists(key: string) {
    return (await this.primary.exists(key)) || (await this.legacy.exists(key));
  }
}

// --- Choosing the driver ---------------------------------------------------------------------------

/** The file store settings of a config (a bare data directory means the disk). */
export type StoreConfig = string | { dataDir: string; fileStore?: FileStoreOptions };

const cache = new WeakMap<object, WeakMap<Db, BlobStore>>();

/**
 * The blob store of a configuration (FILE_STORE, config.ts): one per config object and database, so an
 * S3 client is made once. A data directory given as a string (the seed, some tests) means the disk.
 */
export function blobStoreFor(db: Db, config: StoreConfig): BlobStore {
  const disk = () =>
    new DiskBlobStore(() => path.join(typeof config === 'string' ? config : config.dataDir, 'files'));
  if (typeof config === 'string' || !config.fileStore || config.fileStore.driver === 'disk') return disk();
  let perDb = cache.get(config);
  if (!perDb) cache.set(config, (perDb = new WeakMap()));
  let store = perDb.get(db);
  if (!store) {
    const options = config.fileStore;
    const primary: BlobStore =
      options.driver === 's3' && options.s3 ? new LazyS3(options.s3) : new PostgresBlobStore(db);
    store = new WithLegacyDisk(primary, disk());
    perDb.set(db, store);
  }
  return store;
}

/** Loads the S3 driver (and the AWS SDK) only when FILE_STORE=s3. */
class LazyS3 implements BlobStore {
  readonly driver = 's3' as const;
  private store?: Promise<BlobStore>;
  constructor(private readonly options: NonNullable<FileStoreOptions['s3']>) {}
  private load() {
    this.store ??= import('./s3-store.js').then((m) => new m.S3BlobStore(this.options));
    return this.store;
  }
  async put(key: string, data: Buffer) {
    return (await this.load()).put(key, data);
  }
  async putStream(key: string, source: AsyncIterable<Buffer | Uint8Array>) {
    return (await this.load()).putStream(key, source);
  }
  async get(key: string) {
    return (await this.load()).get(key);
  }
  async delete(key: string) {
    return (await this.load()).delete(key);
  }
  async exists(key: string) {
    return (await this.load()).exists(key);
  }
}
