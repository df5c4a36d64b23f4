import { PHOTO_MAX_EDGE, PHOTO_QUALITY, shrunkSize } from '@glass/domain/rules/image-upload';

export { PHOTO_MAX_EDGE };
/**
 * The installer's photos are made smaller on the phone before they are queued (decision 0037): a phone camera's
 * 12 MP JPEG (3–5 MB) becomes at most PHOTO_MAX_EDGE px on its long edge (about 3 MP, 0.3–0.6 MB), enough to
 * see a chip or a crack. The upload over a weak mobile network takes a fifth of the time, the outbox keeps a
 * fifth of the bytes on the phone, and the server's check and re-encode of the photo costs a quarter of the CPU.
 * Only camera stills are shrunk (JPEG, WebP); anything else, a photo already small enough, or a photo the browser
 * cannot decode goes as it was picked (the server checks and re-encodes every image either way).
 */
const SHRUNK_TYPES = new Set(['image/jpeg', 'image/webp']);

/** The photo as it is queued: shrunk to PHOTO_MAX_EDGE as a JPEG, or the file itself (see above). */
export async function shrinkPhoto(file: File): Promise<File> {
  if (!SHRUNK_TYPES.has(file.type) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap | undefined;
  try {
    // The EXIF orientation is applied while decoding, so the shrunk photo stands upright without it.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const size = shrunkSize(bitmap.width, bitmap.height);
    if (!size.shrunk) return file;
    const blob = await drawJpeg(bitmap, size.width, size.height);
    if (!blob || blob.size >= file.size) return file;
    const name = file.name.replace(/\.[^.]*$/, '') || 'photo';
    return new File([blob], `${name}.jpg`, { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap?.close();
  }
}

async function drawJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: PHOTO_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', PHOTO_QUALITY));
}
