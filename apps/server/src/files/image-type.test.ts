import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gifClaiming, jpegClaiming, pngClaiming, webpClaiming } from './hostile-files.js';
import { imageSize, sniffImage } from './image-type.js';
import { phoneJpeg } from './test-images.js';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffImage: image types by content (magic bytes)', () => {
  it('recognizes PNG, JPEG, GIF and WebP', () => {
    expect(sniffImage(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0]))?.mime).toBe('image/png');
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))?.ext).toBe('jpg');
    expect(sniffImage(bytes('GIF89a', [1, 0, 1, 0]))?.mime).toBe('image/gif');
    expect(sniffImage(bytes('GIF87a', [1, 0]))?.mime).toBe('image/gif');
    expect(sniffImage(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))?.mime).toBe('image/webp');
  });

  it('refuses everything else, whatever it is called', () => {
    expect(sniffImage(bytes('%PDF-1.7\n'))).toBeUndefined();
    expect(sniffImage(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImage(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeUndefined();
    expect(sniffImage(bytes([0x89, 0x50]))).toBeUndefined();
    expect(sniffImage(new Uint8Array())).toBeUndefined();
  });
});

describe('imageSize: the width and height a header declares, read without decoding', () => {
  const made = (format: 'png' | 'jpeg' | 'gif' | 'webp', options: object = {}, alpha = false) =>
    sharp({
      create: {
        width: 321,
        height: 123,
        channels: alpha ? 4 : 3,
        background: { r: 9, g: 8, b: 7, alpha: 0.5 },
      },
    })
      .toFormat(format, options)
      .toBuffer();

  it('reads real pictures of every accepted type: PNG, JPEG (with EXIF first), GIF, WebP lossy, lossless and extended', async () => {
    const size = { width: 321, height: 123 };
    expect(imageSize(await made('png'))).toEqual(size);
    expect(imageSize(await made('jpeg'))).toEqual(size);
    expect(imageSize(await made('gif'))).toEqual(size);
    expect(imageSize(await made('webp'))).toEqual(size);
    expect(imageSize(await made('webp', { lossless: true }))).toEqual(size);
    expect(imageSize(await made('webp', {}, true))).toEqual(size);
    // A phone photo: EXIF (APP1) and other segments before the frame header.
    const photo = await phoneJpeg({ width: 40, height: 30, orientation: 6 });
    expect(imageSize(photo)).toEqual(
      await sharp(photo)
        .metadata()
        .then((m) => ({ width: m.width, height: m.height })),
    );
  });

  it('reads what a hostile header claims, and says nothing of what is not a picture or is cut short', () => {
    expect(imageSize(pngClaiming(100_000, 100_000))).toEqual({ width: 100_000, height: 100_000 });
    expect(imageSize(jpegClaiming(65_000, 64_000))).toEqual({ width: 65_000, height: 64_000 });
    expect(imageSize(gifClaiming(65_535, 2))).toEqual({ width: 65_535, height: 2 });
    expect(imageSize(webpClaiming(100_000, 3))).toEqual({ width: 100_000, height: 3 });
    expect(imageSize(pngClaiming(5, 5).subarray(0, 20))).toBeUndefined();
    expect(imageSize(jpegClaiming(5, 5).subarray(0, 12))).toBeUndefined();
    expect(imageSize(Buffer.from('%PDF-1.7\n'))).toBeUndefined();
  });
});
