import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_ONLY, IMAGE_TOO_LARGE, IMAGE_UPLOAD_MAX_BYTES, timestampedFileName } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { Database, Orm } from '../db/client.js';
import { type ImageType, sniffImage } from './image-type.js';

export interface Upload {
  filename: string;
  buffer: Buffer;
}

export interface CheckedImage extends Upload, ImageType {}

export interface StoredFileInfo {
  path: string;
  mime: string;
  size: number;
  originalName: string | null;
}

export interface FileOwner {
  ownerUserId?: number | null;
  ownerType?: string | null;
  ownerId?: number | null;
}

/** The upload as an image, or the first problem (spec 1 §5 texts), judged by its content. */
export function asImage(upload: Upload): CheckedImage | string {
  // "smaller than 5MB": the domain rule's reading (5 MiB excluded), the same on both sides.
  if (upload.buffer.length >= IMAGE_UPLOAD_MAX_BYTES) return IMAGE_TOO_LARGE;
  const type = sniffImage(upload.buffer);
  return type ? { ...upload, ...type } : IMAGE_ONLY;
}

/** Only names we produce are ever looked up: no dot segments, no backslashes, no absolute paths. */
const SAFE_RELATIVE = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Uploaded and generated files under `${dataDir}/files/`, each registered in stored_files. Files are
 * served only when registered, and paths are checked twice (shape, then resolved location), so a
 * crafted path can never leave the root.
 */
export class FileStore {
  /** Give the app's config (read at each use, so the location follows it) or a fixed data directory. */
  constructor(
    private db: Database,
    private dataDir: string | { dataDir: string },
  ) {}

  get root(): string {
    return path.resolve(typeof this.dataDir === 'string' ? this.dataDir : this.dataDir.dataDir, 'files');
  }

  /**
   * Writes the image (or another checked file, such as a rendered PDF) under folder/YYYY/MM with a
   * timestamped name (the extension comes from the content) and registers it in the caller's
   * transaction. The path is added to `written` as soon as the file exists, so the caller can
   * discard() it if the transaction fails.
   */
  async saveImage(
    tx: Orm,
    image: Upload & { mime: string; ext: string },
    folder: string,
    owner: FileOwner,
    written: string[],
  ): Promise<string> {
    const now = new Date();
    const dir = `${folder}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const base = safeBase(image.filename);
    await fs.mkdir(path.join(this.root, dir), { recursive: true });
    let rel = `${dir}/${timestampedFileName(`${base}.${image.ext}`, now)}`;
    for (let attempt = 0; ; attempt++) {
      try {
        await fs.writeFile(this.absolute(rel), image.buffer, { flag: 'wx' });
        written.push(rel);
        break;
      } catch (err: any) {
        // Two uploads of one name in the same millisecond: keep both.
        if (err?.code !== 'EEXIST' || attempt > 3) throw err;
        rel = `${dir}/${timestampedFileName(`${base}_${randomBytes(3).toString('hex')}.${image.ext}`, now)}`;
      }
    }
    await this.db.rows(
      sql`insert into stored_files (path, original_name, mime, size, sha256, owner_user_id, owner_type, owner_id)
          values (${rel}, ${image.filename.slice(0, 255)}, ${image.mime}, ${image.buffer.length},
                  ${createHash('sha256').update(image.buffer).digest('hex')}, ${owner.ownerUserId ?? null}, ${owner.ownerType ?? null}, ${owner.ownerId ?? null})`,
      tx,
    );
    return rel;
  }

  /** Removes files written for a transaction that did not commit. */
  async discard(paths: readonly string[]) {
    await Promise.all(paths.map((rel) => fs.rm(this.absolute(rel), { force: true }).catch(() => {})));
  }

  /** A registered file and its absolute path, or undefined (bad shape, unknown, missing or outside the root). */
  async find(rel: string): Promise<(StoredFileInfo & { absolutePath: string }) | undefined> {
    if (!isSafeRelative(rel)) return undefined;
    const [row] = await this.db.rows<StoredFileInfo>(
      sql`select path, mime, size, original_name as "originalName" from stored_files where path = ${rel}`,
    );
    if (!row) return undefined;
    try {
      const [real, root] = await Promise.all([fs.realpath(this.absolute(rel)), fs.realpath(this.root)]);
      if (!real.startsWith(root + path.sep)) return undefined;
      return { ...row, absolutePath: real };
    } catch {
      return undefined;
    }
  }

  private absolute(rel: string): string {
    if (!isSafeRelative(rel)) throw new Error(`unsafe file path: ${rel}`);
    const abs = path.resolve(this.root, rel);
    if (!abs.startsWith(this.root + path.sep)) throw new Error(`file path outside the store: ${rel}`);
    return abs;
  }
}

export function isSafeRelative(rel: string): boolean {
  return (
    rel.length > 0 &&
    rel.length <= 300 &&
    SAFE_RELATIVE.test(rel) &&
    !rel.split('/').some((s) => s === '.' || s === '..')
  );
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
