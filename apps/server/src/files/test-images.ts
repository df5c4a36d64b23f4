import sharp from 'sharp';

/**
 * Test helpers for stored pictures. Uploads are re-encoded by the server (reencode.ts), so a picture that
 * comes back is the same picture, not the same bytes: compare what it shows.
 */

/** Whether two encoded images show the same pixels (same size, RGBA values within `tolerance`). */
export async function samePicture(a: Buffer, b: Buffer, tolerance = 0): Promise<boolean> {
  const [x, y] = await Promise.all(
    [a, b].map((buf) => sharp(buf).ensureAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  if (x.info.width !== y.info.width || x.info.height !== y.info.height) return false;
  for (let i = 0; i < x.data.length; i++) if (Math.abs(x.data[i] - y.data[i]) > tolerance) return false;
  return true;
}

/**
 * A JPEG photo the way a phone writes one: `width` x `height` stored pixels (left half red, right half
 * blue), EXIF with a GPS position (Houston), camera make and model, and the given EXIF orientation
 * (6: the camera was turned, the picture must be rotated 90° clockwise to show upright).
 */
export async function phoneJpeg({
  width = 1200,
  height = 800,
  orientation = 1,
}: {
  width?: number;
  height?: number;
  orientation?: number;
} = {}): Promise<Buffer> {
  const half = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      half.set(x < width / 2 ? [220, 20, 20] : [20, 20, 220], (y * width + x) * 3);
  return sharp(half, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '29/1 45/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '95/1 22/1 0/1',
      },
    })
    .withMetadata({ orientation })
    .toBuffer();
}
