import { IMAGE_TOO_LARGE } from '@glass/domain';
import type { FastifyRequest } from 'fastify';
import { type CheckedImage, asImage } from '../../files/file-store.js';
import { assertUploadDeclared, formKey } from '../../files/multipart-form.js';
import { badRequest } from '../../http/errors.js';

/** The image fields of PUT /api/ServiceVehicle/{id} (spec 2 §7), by normalized name; only the windshield takes several. */
export const IMAGE_FIELDS = {
  roimagefile: { name: 'ROImageFile', many: false },
  insurancecardimagefile: { name: 'InsuranceCardImageFile', many: false },
  windshieldimagefiles: { name: 'WindshieldImageFiles', many: true },
} as const;
export type ImageField = (typeof IMAGE_FIELDS)[keyof typeof IMAGE_FIELDS]['name'];
/** The upload declaration of the edit route (config.upload). */
export const EDIT_UPLOAD = { fields: Object.values(IMAGE_FIELDS).map((f) => f.name) };

export interface EditForm {
  /** Text fields by normalized name (lower case); a repeated field keeps its last value. */
  fields: Record<string, string>;
  images: { field: ImageField; image: CheckedImage }[];
}

/**
 * Reads the edit form: multipart (what the web sends) or, for scripts, a JSON object of fields.
 * Each image is checked by content (PNG, JPEG, GIF, WebP) and must be under 5 MB; a bad one is a 400
 * on its field with the spec's text. The shared reader in files/ takes one file; this form has three fields.
 */
export async function readEditForm(req: FastifyRequest): Promise<EditForm> {
  assertUploadDeclared(req, EDIT_UPLOAD.fields);
  const fields: Record<string, string> = {};
  const images: EditForm['images'] = [];
  if (!req.isMultipart()) {
    const body = req.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [name, value] of Object.entries(body))
        fields[formKey(name)] = value === null ? '' : String(value);
    }
    return { fields, images };
  }
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      fields[formKey(part.fieldname)] =
        typeof part.value === 'string' ? part.value : String(part.value ?? '');
      continue;
    }
    const spec = IMAGE_FIELDS[formKey(part.fieldname) as keyof typeof IMAGE_FIELDS];
    if (!spec) throw badRequest(part.fieldname, `Unexpected file field '${part.fieldname}'`);
    let buffer: Buffer;
    try {
      buffer = await part.toBuffer();
    } catch (err: any) {
      if (err?.code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(spec.name, IMAGE_TOO_LARGE);
      throw err;
    }
    // Browsers send an empty, nameless part for a file input left empty.
    if (buffer.length === 0 && !part.filename) continue;
    if (!spec.many && images.some((i) => i.field === spec.name))
      throw badRequest(spec.name, 'Attach at most one image');
    const image = asImage({ filename: part.filename || 'image', buffer, field: spec.name });
    if (typeof image === 'string') throw badRequest(spec.name, image);
    images.push({ field: spec.name, image });
  }
  return { fields, images };
}
