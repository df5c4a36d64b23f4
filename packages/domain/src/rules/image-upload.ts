/**
 * Reply and new-conversation attachments, spec 1 §5: an image type ('You can only upload image
 * files!') smaller than 5 MB ('Image must be smaller than 5MB!'), renamed with a timestamp.
 */
import { IMAGE_UPLOAD_MAX_BYTES } from '../constants.js';
import { IMAGE_ONLY, IMAGE_TOO_LARGE } from '../messages/messaging.js';

export interface FileLike {
  name?: string;
  type?: string;
  size: number;
}

/** The first problem of a file, as the upload's beforeUpload check shows it; undefined when fine. */
export function imageUploadProblem(file: FileLike): string | undefined {
  if (!file.type?.startsWith('image/')) return IMAGE_ONLY;
  if (file.size >= IMAGE_UPLOAD_MAX_BYTES) return IMAGE_TOO_LARGE;
  return undefined;
}

/**
 * 'photo.jpg' → 'photo_20240615T120000123.jpg'. The timestamp (UTC, to the millisecond) keeps two
 * uploads with the same camera name from overwriting each other in storage.
 */
export function timestampedFileName(name: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('.', '').replace('Z', '');
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  return `${base}_${stamp}${ext}`;
}

/**
 * The installer's photos are shrunk on the phone before they are queued (decision 0037): at most PHOTO_MAX_EDGE px
 * on the long edge (a camera's 4032 × 3024 becomes 2048 × 1536, enough to see a chip or a crack), a JPEG at
 * PHOTO_QUALITY (the server re-encodes at 85 too).
 */
export const PHOTO_MAX_EDGE = 2048;
export const PHOTO_QUALITY = 0.85;

/** The size a photo of width × height is drawn at: its long edge at most `maxEdge`, never enlarged. */
export function shrunkSize(width: number, height: number, maxEdge = PHOTO_MAX_EDGE) {
  const long = Math.max(width, height);
  if (long <= maxEdge) return { width, height, shrunk: false };
  const scale = maxEdge / long;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
    shrunk: true,
  };
}
