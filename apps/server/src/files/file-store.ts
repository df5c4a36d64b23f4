import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { IMAGE_ONLY, IMAGE_TOO_LARGE, IMAGE_UPLOAD_MAX_BYTES, timestampedFileName } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/unit-of-work.js';
import { badRequest } from '../http/errors.js';
import {
  type BlobStore,
  blobStoreFor,
  FileExistsError,
  isSafeRelative,
  readBlob,
  type StoreConfig,
} from './blob-store.js';
import { type ImageType, imageSize, sniffImage } from './image-type.js';
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from './limits.js';
import { reencodeImage } from './reencode.js';

export { isSafeRelative } from './blob-store.js';

export interface Upload {
  filename: string;
  buffer: Buffer;
  /** The form field the file came in: a picture that cannot be decoded is a 400 naming it. */
  field?: string;
}

export interface CheckedImage extends Upload, ImageType {}

/** An upload whose image was re-encoded ahead of its unit of work (FileStore.prepareImage). */
export type PreparedUpload<T extends Upload & { mime: string; ext: string }> = T & {
  encoded?: { buffer: Buffer; thumb?: Buffer };
};

export interface StoredFileInfo {
  path: string;
  mime: string;
  size: number;
  originalName: string | null;
  /** The record the file belongs to (access.ts decides readers from it). */
  ownerType: string | null;
  ownerId: number | null;
  /** The thumbnail of an uploaded image (WebP), when one was made. */
  thumbPath: string | null;
}

export interface FileOwner {
  ownerUserId?: number | null;
  ownerType?: string | null;
  ownerId?: number | null;
}

/**
 * The refusal of a picture whose header declares more pixels than the server decodes (files/limits.ts),
 * read before any decoding; undefined when it fits or its header does not say.
 */
export function imageDimensionsProblem(buffer: Buffer): string | undefined {
  const size = imageSize(buffer);
  if (!size) return undefined;
  if (size.width * size.height <= IMAGE_MAX_PIXELS && Math.max(size.width, size.height) <= IMAGE_MAX_SIDE)
    return undefined;
  const n = (v: number) => v.toLocaleString('en-US');
  return `The image is too large: ${n(size.width)} × ${n(size.height)} pixels (at most ${n(IMAGE_MAX_PIXELS / 1_000_000)} megapixels and ${n(IMAGE_MAX_SIDE)} pixels a side)`;
}

/** The upload as an image, or the first problem (spec 1 §5 texts), judged by its content. */
export function asImage(upload: Upload): CheckedImage | string {
  // "smaller than 5MB": the domain rule's reading (5 MiB excluded), the same on both sides.
  if (upload.buffer.length >= IMAGE_UPLOAD_MAX_BYTES) return IMAGE_TOO_LARGE;
  const type = sniffImage(upload.buffer);
  if (!type) return IMAGE_ONLY;
  return imageDimensionsProblem(upload.buffer) ?? { ...upload, ...type };
}

/** What a picture that passes the magic-byte check but cannot be decoded is told. */
export const UNREADABLE_IMAGE = 'The image could not be read; upload a PNG, JPEG, GIF or WebP picture';

const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * The one file store of the app: every upload (message, invoice and service vehicle images,
 * signatures, facility icons and logos, profile pictures) and every kept PDF. The bytes go to the
 * configured blob store (FILE_STORE: disk, postgres or s3; blob-store.ts); each file is registered in
 * stored_files with the record that owns it, and served only when registered (routes.ts, access.ts).
 * Paths are produced here and checked on every lookup (isSafeRelative), so a crafted path never
 * reaches a driver. Images are re-encoded before they are stored (reencode.ts: orientation applied,
 * metadata stripped, a thumbnail beside them).
 */
export class FileStore {
  readonly blobs: BlobStore;

  /**
   * Give the app's config (FILE_STORE, and DATA_DIR read at each use) or a data directory (the disk); a
   * blob store of one's own overrides the configured one (the store contract test).
   */
  constructor(
    private db: Db,
    private config: StoreConfig,
    blobs?: BlobStore,
  ) {
    this.blobs = blobs ?? blobStoreFor(db, config);
  }

  /** The disk's directory (`${dataDir}/files`); shared stores also find files written there before them. */
  get root(): string {
    return path.resolve(typeof this.config === 'string' ? this.config : this.config.dataDir, 'files');
  }

  /**
   * Stores the image (or another checked file, such as a rendered PDF) under folder/YYYY/MM as
   * `<name>_<timestamp>_<16 random hex>.<ext>` (the extension comes from the content) and registers it in
   * the caller's unit of work. An image is re-encoded first (one that cannot be decoded is a 400 on its
   * form field) and gets a thumbnail `<path>.thumb.webp`. The files delete themselves if that work rolls
   * back (onRollback), and at once if their registration fails.
   */
  async saveImage(
    work: Db,
    image: PreparedUpload<Upload & { mime: string; ext: string }>,
    folder: string,
    owner: FileOwner,
  ): Promise<string> {
    const { buffer: bytes, thumb } = image.encoded ?? (await this.encode(image));
    const now = new Date();
    const dir = `${folder}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    // The spec's timestamp, then 64 random bits: a name plus a millisecond must not be enough to
    // find someone else's file (the route checks the owner as well, see access.ts).
    const stamped = timestampedFileName(safeBase(image.filename), now);
    const saved: string[] = [];
    const discard = () => this.discard(saved);
    work.onRollback(discard);
    let rel: string;
    for (let attempt = 0; ; attempt++) {
      rel = `${dir}/${stamped}_${randomBytes(8).toString('hex')}.${image.ext}`;
      try {
        await this.blobs.put(rel, bytes, work);
        break;
      } catch (err) {
        if (!(err instanceof FileExistsError) || attempt > 3) throw err;
      }
    }
    saved.push(rel);
    const thumbPath = thumb ? `${rel}.thumb.webp` : null;
    const register = sql`insert into stored_files (path, original_name, mime, size, sha256, owner_user_id, owner_type, owner_id, thumb_path)
        values (${rel}, ${image.filename.slice(0, 255)}, ${image.mime}, ${bytes.length},
                ${createHash('sha256').update(bytes).digest('hex')}, ${owner.ownerUserId ?? null},
                ${owner.ownerType ?? null}, ${owner.ownerId ?? null}, ${thumbPath})`;
    try {
      if (thumb && thumbPath) {
        await this.blobs.put(thumbPath, thumb, work);
        saved.push(thumbPath);
      }
      await work.rows(register);
    } catch (err) {
      await discard();
      throw err;
    }
    return rel;
  }

  /**
   * Re-encodes an image and makes its thumbnail before the unit of work that stores it (saveImage then only
   * writes): the decode of a phone's 12 MP photo takes about a core-second, and inside the transaction it held
   * a pooled connection that long (issue #36: ten installers' photos at once emptied the pool and other
   * requests failed). A file that is not an image is passed as it is. 400 on its field when it cannot be read.
   */
  async prepareImage<T extends Upload & { mime: string; ext: string }>(image: T): Promise<PreparedUpload<T>> {
    return { ...image, encoded: await this.encode(image) };
  }

  private async encode(
    image: Upload & { mime: string; ext: string },
  ): Promise<{ buffer: Buffer; thumb?: Buffer }> {
    if (!IMAGE_MIMES.has(image.mime)) return { buffer: image.buffer };
    try {
      return await reencodeImage(image.buffer, image as ImageType);
    } catch {
      throw badRequest(image.field ?? 'file', UNREADABLE_IMAGE);
    }
  }

  /**
   * Stores a stream (an upload too large to hold: DMS imports, up to 50 MB) under folder/YYYY/MM as
   * `<name>_<timestamp>_<16 random hex>.<ext>`, written as it arrives (BlobStore.putStream), and registers it
   * with its owner. The caller's checks run inside `source` (throwing there stores nothing). Not part of a
   * unit of work: the caller removes the file (discard) if what it does next fails.
   */
  async saveStream(
    source: AsyncIterable<Buffer>,
    file: { filename: string; ext: string; mime: string; folder: string },
    owner: FileOwner,
  ): Promise<{ path: string; size: number }> {
    const now = new Date();
    const dir = `${file.folder}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const rel = `${dir}/${timestampedFileName(safeBase(file.filename), now)}_${randomBytes(8).toString('hex')}.${file.ext}`;
    let size = 0;
    const hash = createHash('sha256');
    async function* counted() {
      for await (const chunk of source) {
        size += chunk.length;
        hash.update(chunk);
        yield chunk;
      }
    }
    await this.blobs.putStream(rel, counted());
    try {
      await this.db.rows(
        sql`insert into stored_files (path, original_name, mime, size, sha256, owner_user_id, owner_type, owner_id)
            values (${rel}, ${file.filename.slice(0, 255)}, ${file.mime}, ${size}, ${hash.digest('hex')},
                    ${owner.ownerUserId ?? null}, ${owner.ownerType ?? null}, ${owner.ownerId ?? null})`,
      );
    } catch (err) {
      await this.discard([rel]);
      throw err;
    }
    return { path: rel, size };
  }

  /** Removes files (saveImage registers this for a unit of work that rolls back). */
  async discard(paths: readonly string[]) {
    await Promise.all(paths.map((rel) => this.blobs.delete(rel).catch(() => {})));
  }

  /** A registered file whose bytes are in the store, or undefined (bad shape, unregistered or missing). */
  /**
   * The stored file at `rel`, read through `work` when given: a caller inside a unit of work passes it, since on
   * PGlite the transaction holds the only connection and a read through the database itself would wait for it.
   */
  async find(rel: string, work: Db = this.db): Promise<StoredFileInfo | undefined> {
    if (!isSafeRelative(rel)) return undefined;
    const [row] = await work.rows<StoredFileInfo>(
      sql`select path, mime, size, original_name as "originalName", owner_type as "ownerType",
                 owner_id as "ownerId", thumb_path as "thumbPath"
          from stored_files where path = ${rel}`,
    );
    if (!row || !(await this.blobs.exists(rel))) return undefined;
    return row;
  }

  /**
   * The bytes of a found file as a stream (with `thumb`, its thumbnail when it has one: a WebP), with the
   * type and size to send, or undefined when the bytes are gone.
   */
  async open(
    file: StoredFileInfo,
    { thumb = false }: { thumb?: boolean } = {},
  ): Promise<{ stream: Readable; mime: string; size?: number } | undefined> {
    if (thumb && file.thumbPath) {
      const stream = await this.blobs.get(file.thumbPath);
      if (stream) return { stream, mime: 'image/webp' };
    }
    const stream = await this.blobs.get(file.path);
    return stream ? { stream, mime: file.mime, size: Number(file.size) } : undefined;
  }

  /** A registered file's whole content (images drawn on PDFs, e-mail attachments), or undefined. */
  async read(rel: string): Promise<(StoredFileInfo & { data: Buffer }) | undefined> {
    const file = await this.find(rel);
    if (!file) return undefined;
    const data = await readBlob(this.blobs, file.path);
    return data ? { ...file, data } : undefined;
  }
}

/** The user's file name reduced to a short, portable base: 'My Photo (1).JPG' → 'My_Photo_1'. */
export function safeBase(filename: string): string {
  const name = filename.split(/[\\/]/).pop() ?? '';
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return stem || 'image';
}
