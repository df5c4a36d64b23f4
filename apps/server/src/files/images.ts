import { STORED_IMAGE_PATH } from '@glass/domain/resources/facility';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { badRequest, notFound } from '../http/errors.js';
import type { Db } from '../db/unit-of-work.js';
import { FileStore, imageDimensionsProblem } from './file-store.js';
import { assertUploadDeclared } from './multipart-form.js';
import { type ImageType, sniffImage } from './image-type.js';

/**
 * Uploaded images (facility icons and logos, profile pictures). The type is decided by the file's
 * first bytes (image-type.ts), never by its name or the client's content type; the multipart limit
 * (5 MiB, app.ts) caps the size. They go through the one file store (file-store.ts) like every other
 * upload, under `<folder>/YYYY/MM/<name>_<timestamp>_<hex>.<ext>`, so GET /api/files/{path} serves them too;
 * pictures stored before (`<folder>/<uuid>.<ext>`) are still served. The picture routes take only paths
 * of those shapes (STORED_IMAGE_PATH), so no request can reach outside the folder.
 */
export type ImageFolder = 'facilities' | 'users';

export const NOT_AN_IMAGE = 'The file must be a PNG, JPEG, GIF or WebP image';

export interface ImageUpload extends ImageType {
  buffer: Buffer;
  originalName: string;
  fields: Record<string, string>;
}

/** The form field the web sends the picture in (any field name is read; routes declare this one). */
export const IMAGE_UPLOAD_FIELD = 'file';

/**
 * Reads the single file of a multipart request (field name free) and its text fields; refuses what is not
 * a picture by its content, and a picture whose header declares too many pixels (files/limits.ts).
 */
export async function readImageUpload(req: FastifyRequest): Promise<ImageUpload> {
  assertUploadDeclared(req, [IMAGE_UPLOAD_FIELD]);
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
  const tooLarge = imageDimensionsProblem(file.buffer);
  if (tooLarge) throw badRequest('file', tooLarge);
  return { buffer: file.buffer, ...type, originalName: file.name.slice(0, 200), fields };
}

/**
 * Writes the image through the app's one file store (file-store.ts: re-encoded, a thumbnail beside it,
 * registered in stored_files) in the caller's unit of work; returns its relative path. The file deletes
 * itself if that work rolls back (and at once if its registration fails), so a refused upload leaves
 * nothing behind.
 */
export async function storeImage(
  db: Db,
  config: Config,
  upload: ImageUpload,
  owner: {
    folder: ImageFolder;
    userId: number;
    ownerType: string;
    ownerId?: number | null;
  },
): Promise<string> {
  return new FileStore(db, config).saveImage(
    db,
    {
      filename: upload.originalName || 'image',
      buffer: upload.buffer,
      mime: upload.mime,
      ext: upload.ext,
      field: 'file',
    },
    owner.folder,
    { ownerUserId: owner.userId, ownerType: owner.ownerType, ownerId: owner.ownerId ?? null },
  );
}

/**
 * Sends a stored picture by its relative path (its thumbnail with `thumb`); any other shape of path is a
 * 400, a file that is not a registered picture of that folder owned by a record of `ownerType` (the
 * declared record type's name, e.g. facilities/record-type.ts) a 404.
 */
export async function sendImage(
  reply: FastifyReply,
  { db, config }: { db: Db; config: Config },
  rel: string | undefined,
  folder: ImageFolder,
  ownerType: string,
  thumb = false,
) {
  const files = new FileStore(db, config);
  if (!rel || !STORED_IMAGE_PATH.test(rel) || !rel.startsWith(`${folder}/`)) {
    throw badRequest('FilePath', 'FilePath is not a stored image');
  }
  const file = await files.find(rel);
  if (!file || file.ownerType !== ownerType || !file.mime.startsWith('image/')) {
    throw notFound('Image not found');
  }
  const opened = await files.open(file, { thumb });
  if (!opened) throw notFound('Image not found');
  if (opened.size !== undefined) reply.header('content-length', opened.size);
  return reply
    .type(opened.mime)
    .header('cache-control', 'private, max-age=86400, immutable')
    .header('content-security-policy', "default-src 'none'")
    .send(opened.stream);
}
