import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cleanJpeg } from './clean-jpeg.js';
import { jpegClaiming } from './hostile-files.js';
import { reencodeImage } from './reencode.js';
import { phoneJpeg } from './test-images.js';

/** A photo as Chromium's canvas writes it (the installer app's shrunk photo): JFIF, its sRGB profile, the picture. */
const CHROMIUM_CANVAS = fs.readFileSync(new URL('../../test/fixtures/chromium-canvas.jpg', import.meta.url));
const JPG = { ext: 'jpg', mime: 'image/jpeg' } as const;

const picture = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 10, g: 200, b: 30 } } });
const segment = (marker: number, body: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};
/** The JPEG with a segment put right after its SOI. */
const withSegment = (jpeg: Buffer, marker: number, body: Buffer) =>
  Buffer.concat([jpeg.subarray(0, 2), segment(marker, body), jpeg.subarray(2)]);

describe('a JPEG that is nothing but the picture (decision 0043)', () => {
  it('is clean as a browser canvas and libvips write it: baseline, progressive, grey, with a display profile', async () => {
    expect(cleanJpeg(CHROMIUM_CANVAS)).toEqual({ width: 48, height: 32 });
    expect(cleanJpeg(await picture().jpeg().toBuffer())).toEqual({ width: 300, height: 200 });
    expect(cleanJpeg(await picture().jpeg({ progressive: true }).toBuffer())).toEqual({
      width: 300,
      height: 200,
    });
    expect(cleanJpeg(await picture().greyscale().jpeg().toBuffer())).toEqual({ width: 300, height: 200 });
    expect(cleanJpeg(await picture().jpeg().withIccProfile('p3').toBuffer())).toBeDefined();
  });

  it('is not clean with anything about the person or anything besides the picture', async () => {
    const plain = await picture().jpeg().toBuffer();
    const notClean = [
      await phoneJpeg(), // EXIF with GPS, camera
      await picture()
        .jpeg()
        .withExif({ IFD0: { Make: 'PhoneMaker' } })
        .toBuffer(),
      await picture().toColourspace('cmyk').jpeg().toBuffer(),
      withSegment(plain, 0xfe, Buffer.from('a comment')),
      withSegment(plain, 0xed, Buffer.from('Photoshop 3.0\0 IPTC')),
      withSegment(plain, 0xe1, Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>')),
      Buffer.concat([plain, Buffer.from('<script>alert(1)</script>')]), // appended
      plain.subarray(0, plain.length - 200), // cut short
      jpegClaiming(640, 480), // a frame header and no scan
      Buffer.from([0xff, 0xd8, 0xff, 0xd9]), // no picture at all
    ];
    for (const file of notClean) expect(cleanJpeg(file)).toBeUndefined();
  });

  it('is not clean with a JFIF carrying its own thumbnail, or a profile that is not a display one', async () => {
    const plain = await picture().jpeg().toBuffer();
    // 'JFIF\0', version 1.1, no units, density 1 × 1, then the thumbnail's width and height and its pixels.
    const jfif = (thumb: number) =>
      Buffer.concat([
        Buffer.from('JFIF\0', 'latin1'),
        Buffer.from([1, 1, 0, 0, 1, 0, 1, thumb, thumb]),
        Buffer.alloc(thumb * thumb * 3),
      ]);
    expect(cleanJpeg(withSegment(plain, 0xe0, jfif(0)))).toBeDefined();
    expect(cleanJpeg(withSegment(plain, 0xe0, jfif(2)))).toBeUndefined();
    const canvasProfile = CHROMIUM_CANVAS.subarray(24, 22 + CHROMIUM_CANVAS.readUInt16BE(22));
    expect(canvasProfile.subarray(0, 11).toString('latin1')).toBe('ICC_PROFILE');
    const asPrinter = Buffer.from(canvasProfile);
    asPrinter.write('prtr', 14 + 12, 'latin1');
    expect(cleanJpeg(withSegment(plain, 0xe2, canvasProfile))).toBeDefined();
    expect(cleanJpeg(withSegment(plain, 0xe2, asPrinter))).toBeUndefined();
    // Two profiles, or a profile in two chunks, go the long way.
    expect(
      cleanJpeg(withSegment(withSegment(plain, 0xe2, canvasProfile), 0xe2, canvasProfile)),
    ).toBeUndefined();
    const chunked = Buffer.from(canvasProfile);
    chunked[13] = 2;
    expect(cleanJpeg(withSegment(plain, 0xe2, chunked))).toBeUndefined();
  });
});

describe('reencodeImage keeps a clean JPEG as sent', () => {
  it('stores the canvas photo byte for byte, with a WebP thumbnail', async () => {
    const photo = await picture().resize(1000, 750).jpeg({ quality: 80 }).toBuffer();
    const out = await reencodeImage(photo, JPG);
    expect(out.buffer.equals(photo)).toBe(true);
    expect([out.width, out.height]).toEqual([1000, 750]);
    const thumb = await sharp(out.thumb).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 320, 240]);
    expect((await reencodeImage(CHROMIUM_CANVAS, JPG)).buffer.equals(CHROMIUM_CANVAS)).toBe(true);
  });

  it('re-encodes a photo with EXIF, and one whose pixel data the decoder complains about', async () => {
    const exif = await phoneJpeg({ width: 400, height: 300 });
    const fromExif = await reencodeImage(exif, JPG);
    expect(fromExif.buffer.equals(exif)).toBe(false);
    expect((await sharp(fromExif.buffer).metadata()).exif).toBeUndefined();

    // Clean markers, damaged scan: a run of the entropy-coded data overwritten with a restart marker.
    const photo = await picture().resize(600, 400).jpeg({ quality: 90 }).toBuffer();
    const damaged = Buffer.from(photo);
    const scan = damaged.lastIndexOf(Buffer.from([0xff, 0xda]));
    damaged.writeUInt16BE(0xffd3, scan + 200);
    expect(cleanJpeg(damaged)).toBeDefined();
    const out = await reencodeImage(damaged, JPG).catch((err: Error) => err);
    // Either refused as unreadable or written again by libjpeg: never stored as sent.
    if (!(out instanceof Error)) expect(out.buffer.equals(damaged)).toBe(false);
  });
});
