/**
 * Image types recognized by their first bytes ("magic numbers"), never by the name or the declared
 * content type, which the client controls: a renamed PDF or script is not an image here.
 */
export interface ImageType {
  mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  ext: 'png' | 'jpg' | 'gif' | 'webp';
}

const startsWith = (buf: Uint8Array, bytes: readonly number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function sniffImage(buf: Uint8Array): ImageType | undefined {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', ext: 'png' };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a')))
    return { mime: 'image/gif', ext: 'gif' };
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8))
    return { mime: 'image/webp', ext: 'webp' };
  return undefined;
}
