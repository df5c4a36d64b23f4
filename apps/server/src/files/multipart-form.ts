import { IMAGE_TOO_LARGE } from '@glass/domain';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../http/errors.js';
import { asImage, type CheckedImage, type Upload } from './file-store.js';

/**
 * A form post read whole: text fields by normalized name (lower case, without the `[]` or `[0]` of
 * array fields, so `RecipientUserIds[]`, `recipientUserIds` and `RecipientUserIds[0]` are one field)
 * and at most one file. Accepts multipart (what the web sends) and, for scripts, a JSON object.
 */
export interface FormPost {
  fields: Map<string, string[]>;
  file?: Upload;
  /** Every file of `fileField` (at most one unless `many`). */
  files: Upload[];
}

export const formKey = (name: string) => name.replace(/\[\d*\]$/, '').toLowerCase();

/**
 * Refuses (as a programming error) to read files on a route that does not declare them in
 * `config.upload` (http/auth.ts): the declaration is what the security probes enumerate, and without it
 * the input guard refuses the multipart body anyway.
 */
export function assertUploadDeclared(req: FastifyRequest, fileFields: readonly string[]) {
  const declared = (req.routeOptions.config?.upload?.fields ?? []).map(formKey);
  const missing = fileFields.filter((f) => !declared.includes(formKey(f)));
  if (missing.length)
    throw new Error(
      `${req.method} ${req.routeOptions.url} reads the upload field(s) ${missing.join(', ')} but does not declare them in config.upload`,
    );
}

/**
 * Reads the request; the one file (or with `many`, every file) must come as `fileField`. Too large a file
 * is a 400 with the spec's text.
 */
export async function readFormPost(
  req: FastifyRequest,
  fileField: string,
  { many = false }: { many?: boolean } = {},
): Promise<FormPost> {
  assertUploadDeclared(req, [fileField]);
  const fields = new Map<string, string[]>();
  const add = (name: string, value: string) => {
    const key = formKey(name);
    fields.set(key, [...(fields.get(key) ?? []), value]);
  };
  if (!req.isMultipart()) {
    const body = req.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [name, value] of Object.entries(body)) {
        for (const v of Array.isArray(value) ? value : [value])
          if (v !== null && v !== undefined) add(name, String(v));
      }
    }
    return { fields, files: [] };
  }
  const files: Upload[] = [];
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      add(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value ?? ''));
      continue;
    }
    if (formKey(part.fieldname) !== formKey(fileField)) {
      throw badRequest(
        part.fieldname,
        `Unexpected file field '${part.fieldname}'; send the image as ${fileField}`,
      );
    }
    let buffer: Buffer;
    try {
      buffer = await part.toBuffer();
    } catch (err: any) {
      if (err?.code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(fileField, IMAGE_TOO_LARGE);
      throw err;
    }
    // Browsers send an empty, nameless part for a file input left empty.
    if (buffer.length === 0 && !part.filename) continue;
    if (files.length > 0 && !many) throw badRequest(fileField, 'Attach at most one image');
    files.push({ filename: part.filename || 'image', buffer });
  }
  return { fields, file: files[0], files };
}

/** The attached file as a checked image, or a 400 on the file field ('You can only upload image files!' …). */
export function requireImage(upload: Upload, field: string): CheckedImage {
  const image = asImage(upload);
  if (typeof image === 'string') throw badRequest(field, image);
  // The store names this field if the picture, whatever its first bytes say, cannot be decoded.
  return { ...image, field };
}

export const firstValue = (form: FormPost, name: string): string | undefined =>
  form.fields.get(formKey(name))?.[0];

/** Every value of an array field, also accepting one comma-separated value ("1,2,3"). */
export const allValues = (form: FormPost, name: string): string[] =>
  (form.fields.get(formKey(name)) ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
