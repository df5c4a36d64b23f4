import sharp from 'sharp';
import { cleanJpeg } from './clean-jpeg.js';
import type { ImageType } from './image-type.js';
import { IMAGE_MAX_PIXELS } from './limits.js';

/**
 * Every uploaded image is decoded and written again by the server (sharp, libvips) before it is stored:
 * - the EXIF orientation is applied to the pixels (a phone photo taken sideways shows upright without it);
 * - nothing of the original's metadata survives (EXIF with the GPS position, camera and owner, XMP, IPTC,
 *   comments; colour profiles are converted to sRGB), because sharp writes none unless asked;
 * - whatever the file carried besides the picture (a script appended after the image, a polyglot) is gone;
 * - a thumbnail (THUMB_WIDTH px wide WebP, never enlarged) is made for lists.
 * The type stays what the content said (image-type.ts, checked first): a JPEG stays a JPEG, a GIF keeps its
 * frames. Decoding is capped at IMAGE_MAX_PIXELS (files/limits.ts) so a small file that inflates to a huge
 * bitmap is refused; the upload readers refuse a header that declares more before this (file-store.ts).
 * One exception (decision 0043): a JPEG that is nothing but the picture already (clean-jpeg.ts, as the installer
 * app's photos are) and that libjpeg decodes for its thumbnail without a single warning is stored as sent.
 */
export const THUMB_WIDTH = 320;

export interface Reencoded {
  buffer: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super(`image could not be decoded: ${(cause as Error)?.message ?? cause}`);
    this.name = 'UnreadableImageError';
  }
}

export async function reencodeImage(input: Buffer, type: ImageType): Promise<Reencoded> {
  const open = (animated: boolean, failOn: 'error' | 'warning' = 'error') =>
    sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn, animated });
  const thumbnail = (failOn?: 'error' | 'warning') =>
    open(false, failOn)
      .rotate()
      .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
      .webp({ quality: 75, effort: 1 })
      .toBuffer();
  const clean = type.ext === 'jpg' ? cleanJpeg(input) : undefined;
  if (clean) {
    // Any complaint of the decoder sends the file the long way below (re-encoded, or refused there).
    const thumb = await thumbnail('warning').catch(() => undefined);
    if (thumb) return { buffer: input, thumb, ...clean };
  }
  try {
    // Frames of an animated GIF or WebP are kept (and carry no EXIF orientation: rotating the strip of
    // frames would scramble them); a single picture is turned upright.
    const animated =
      (type.ext === 'gif' || type.ext === 'webp') && ((await open(false).metadata()).pages ?? 1) > 1;
    let image = animated ? open(true) : open(false).rotate();
    switch (type.ext) {
      case 'jpg':
        // libjpeg-turbo with optimised Huffman tables, not mozjpeg: 8× less CPU for a 12 MP photo (decision 0035).
        image = image.jpeg({ quality: 85, optimiseCoding: true });
        break;
      case 'png':
        image = image.png({ compressionLevel: 9, adaptiveFiltering: true });
        break;
      case 'webp':
        image = image.webp({ quality: 85 });
        break;
      case 'gif':
        image = image.gif();
        break;
    }
    // The picture and its thumbnail are made at once, each on a thread of its own (libuv's pool): on a busy
    // machine a photo then gets two threads' share of the cores, not one (issue #36, the installer's status).
    // The thumbnail's WebP is encoded with effort 1 of 6: a 320 px picture, about the same bytes, a third of the time.
    const [{ data, info }, thumb] = await Promise.all([
      image.toBuffer({ resolveWithObject: true }),
      thumbnail(),
    ]);
    return { buffer: data, thumb, width: info.width, height: info.pageHeight ?? info.height };
  } catch (err) {
    throw new UnreadableImageError(err);
  }
}

/**
 * Starts libvips and its JPEG and WebP codecs with small pictures thrown away: the process's first photo
 * otherwise pays it inside someone's request (an installer's status). Both ways are warmed: a clean JPEG (kept as
 * sent, decision 0043) and one with EXIF (re-encoded). The server calls it once it listens (main.ts).
 */
export async function warmImageCodecs(): Promise<void> {
  const sample = sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 128, g: 128, b: 128 } },
  }).jpeg();
  const [clean, withExif] = await Promise.all([
    sample.clone().toBuffer(),
    sample
      .clone()
      .withExif({ IFD0: { Software: 'warm-up' } })
      .toBuffer(),
  ]);
  for (const jpeg of [clean, withExif]) await reencodeImage(jpeg, { ext: 'jpg', mime: 'image/jpeg' });
}
