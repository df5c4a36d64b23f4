import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { STORED_IMAGE_PATH } from '@glass/domain/resources/facility';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Database, Orm } from '../db/client.js';
import { badRequest, notFound } from '../http/errors.js';
import { type ImageType, sniffImage } from './image-type.js';

/**
 * Uploaded images (facility icons and logos, profile pictures). The type is decided by the file's
 * first bytes (image-type.ts), never by its name or the client's content type; the multipart limit
 * (5 MiB, app.ts) caps the size. Files are registered in stored_files like the message images of
 * file-store.ts, so GET /api/files/{path} serves them too. Files are stored under `<dataDir>/files/<folder>/<uuid>.<ext>` and served only
 * by paths of that exact shape, so no request can reach outside the folder.
 */
export type ImageFolder = 'facilities' | 'users';

export const NOT_AN_IMAGE = 'The file must be a PNG, JPEG, GIF or WebP image';

export interface ImageUpload extends ImageType {
  buffer: Buffer;
  originalName: string;
  fields: Record<string, string>;
}

/** Reads the single file of a multipart request (field name free) and its text fields. */
export async function readImageUpload(req: FastifyRequest): Promise<ImageUpload> {
  if (!req.isMultipart()) throw badRequest('file', 'Send the image as multipart/form-data');
  const fields: Record<string, string> = {};
  let file: { buffer: Buffer; name: string } | undefined;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer();
      if (!file) file = { buffer, name: part.filename };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (!file || file.buffer.length === 0) throw badRequest('file', 'Choose an image to upload');
  const type = sniffImage(file.buffer);
  if (!type) throw badRequest('file', NOT_AN_IMAGE);
  return { buffer: file.buffer, ...type, originalName: file.name.slice(0, 200), fields };
}

const rootOf = (config: Config) => path.join(config.dataDir, 'files');

/** Writes the image and records it in stored_files; returns its relative path. */
export async function storeImage(
  db: Database,
  tx: Orm | undefined,
  config: Config,
  upload: ImageUpload,
  owner: { folder: ImageFolder; userId: number; ownerType: string; ownerId?: number | null },
): Promise<string> {
  const rel = `${owner.folder}/${randomUUID()}.${upload.ext}`;
  const full = path.join(rootOf(config), rel);
  await fs.mkdir(path.dirname(full), { recursive: true });
  await fs.writeFile(full, upload.buffer, { flag: 'wx' });
  await db.rows(
    sql`insert into stored_files (path, original_name, mime, size, owner_user_id, owner_type, owner_id)
        values (${rel}, ${upload.originalName}, ${upload.mime}, ${upload.buffer.length}, ${owner.userId},
                ${owner.ownerType}, ${owner.ownerId ?? null})`,
    tx,
  );
  return rel;
}

/** Sends a stored image by its relative path; any other shape of path is a 400, a missing file a 404. */
export async function sendImage(
  reply: FastifyReply,
  config: Config,
  rel: string | undefined,
  folder: ImageFolder,
) {
  if (!rel || !STORED_IMAGE_PATH.test(rel) || !rel.startsWith(`${folder}/`)) {
    throw badRequest('FilePath', 'FilePath is not a stored image');
  }
  const root = rootOf(config);
  const full = path.resolve(root, rel);
  if (!full.startsWith(root + path.sep)) throw badRequest('FilePath', 'FilePath is not a stored image');
  const data = await fs.readFile(full).catch(() => undefined);
  if (!data) throw notFound('Image not found');
  const type = sniffImage(data);
  if (!type) throw notFound('Image not found');
  return reply
    .type(type.mime)
    .header('cache-control', 'private, max-age=86400, immutable')
    .header('content-security-policy', "default-src 'none'")
    .send(data);
}
