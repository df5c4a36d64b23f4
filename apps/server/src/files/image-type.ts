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

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The width and height a picture's header declares, read from its first bytes without decoding
 * anything (PNG IHDR, GIF logical screen, JPEG start of frame, WebP VP8 / VP8L / VP8X), so a picture too
 * large to decode is refused before the decoder sees it. Undefined when the header does not say (the
 * decoder's own pixel limit then applies: files/reencode.ts).
 */
export function imageSize(buf: Buffer): ImageSize | undefined {
  const type = sniffImage(buf);
  if (!type) return undefined;
  switch (type.ext) {
    case 'png':
      // Signature (8), IHDR length (4) and type (4), then width and height, big-endian.
      if (buf.length < 24 || buf.toString('latin1', 12, 16) !== 'IHDR') return undefined;
      return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
    case 'gif':
      if (buf.length < 10) return undefined;
      return { width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
    case 'webp':
      return webpSize(buf);
    case 'jpg':
      return jpegSize(buf);
  }
}

function webpSize(buf: Buffer): ImageSize | undefined {
  if (buf.length < 30) return undefined;
  const chunk = buf.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: buf.readUIntLE(24, 3) + 1, height: buf.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L') {
    const bits = buf.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ')
    return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
  return undefined;
}

/** The first start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC) of a JPEG: its height and width. */
function jpegSize(buf: Buffer): ImageSize | undefined {
  let at = 2;
  while (at + 9 < buf.length) {
    if (buf[at] !== 0xff) return undefined;
    const marker = buf[at + 1];
    // Fill bytes, and markers without a length (TEM, RSTn).
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: buf.readUInt16BE(at + 5), width: buf.readUInt16BE(at + 7) };
    // Start of scan or end of image before any frame header: the header does not say.
    if (marker === 0xda || marker === 0xd9) return undefined;
    at += 2 + buf.readUInt16BE(at + 2);
  }
  return undefined;
}
