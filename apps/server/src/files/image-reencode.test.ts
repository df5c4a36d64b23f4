import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, DEMO } from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';
import type { App } from '../app-type.js';
import { formPost, tokenFor } from '../modules/conversations/test-helpers.js';
import { UNREADABLE_IMAGE } from './file-store.js';
import { warmImageCodecs } from './reencode.js';
import { phoneJpeg } from './test-images.js';

/**
 * Uploaded pictures are re-encoded by the server (reencode.ts): what comes back has its orientation
 * applied, carries no EXIF (no GPS position, no camera), and has a smaller WebP thumbnail for lists.
 */
let app: App;
let dataDir: string;
const tokens: Record<string, string> = {};
const LEAD_TECH = 103;
beforeAll(async () => {
  app = await createTestApp();
  dataDir = app.deps.config.dataDir;
  for (const who of ['admin', 'adminAssistant', 'leadTech'] as const)
    tokens[who] = await tokenFor(app, DEMO[who]);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, token = tokens.leadTech) =>
  app.inject({ method: 'GET', url, headers: auth(token) });

/** Admin assistant → lead technician, a message with the picture; answers its stored path. */
async function sendPhoto(data: Buffer, name = 'IMG_0042.jpg') {
  const { payload, headers } = await formPost(
    { Subject: 'Windshield', Message: 'See the crack', 'RecipientUserIds[]': [LEAD_TECH] },
    { name, type: 'image/jpeg', data },
  );
  return app.inject({
    method: 'POST',
    url: '/api/Conversations/Start',
    payload,
    headers: { ...headers, ...auth(tokens.adminAssistant) },
  });
}

const hasGps = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

describe('uploaded images are re-encoded on the server', () => {
  it('a phone JPEG with a GPS position comes back without EXIF (no GPS, no camera), same picture', async () => {
    const original = await phoneJpeg();
    const before = await sharp(original).metadata();
    expect(hasGps(before.exif)).toBe(true);
    expect(before.exif?.includes(Buffer.from('PhoneMaker'))).toBe(true);

    const res = await sendPhoto(original);
    expect(res.statusCode, res.body).toBe(201);
    const rel = res.json().messages[0].imageAttachmentPath as string;
    const file = await get(`/api/files/${rel}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const after = await sharp(file.rawPayload).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect([after.width, after.height]).toEqual([1200, 800]);
    // The stored size and hash are the re-encoded file's.
    const [row] = await app.deps.db.rows<{ size: number }>(
      sql`select size from stored_files where path = ${rel}`,
    );
    expect(Number(row.size)).toBe(file.rawPayload.length);
  });

  it('a photo taken sideways (EXIF orientation 6) is turned upright', async () => {
    const res = await sendPhoto(await phoneJpeg({ width: 600, height: 400, orientation: 6 }));
    expect(res.statusCode, res.body).toBe(201);
    const rel = res.json().messages[0].imageAttachmentPath as string;
    const file = (await get(`/api/files/${rel}`)).rawPayload;
    const meta = await sharp(file).metadata();
    expect([meta.width, meta.height]).toEqual([400, 600]);
    expect(meta.orientation ?? 1).toBe(1);
    // Stored left half red, right half blue; rotated 90° clockwise: red on top, blue below.
    const pixel = async (top: number) =>
      [...(await sharp(file).extract({ left: 200, top, width: 1, height: 1 }).raw().toBuffer())].slice(0, 3);
    const [top, bottom] = await Promise.all([pixel(50), pixel(550)]);
    expect(top[0]).toBeGreaterThan(180);
    expect(top[2]).toBeLessThan(80);
    expect(bottom[2]).toBeGreaterThan(180);
    expect(bottom[0]).toBeLessThan(80);
  });

  it('a thumbnail for lists: ?thumb=1 answers a 320 px wide WebP, smaller than the image', async () => {
    const res = await sendPhoto(await phoneJpeg({ width: 1600, height: 1200 }));
    const rel = res.json().messages[0].imageAttachmentPath as string;
    const [full, thumb] = await Promise.all([get(`/api/files/${rel}`), get(`/api/files/${rel}?thumb=1`)]);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([320, 240]);
    expect(meta.exif).toBeUndefined();
    expect(thumb.rawPayload.length).toBeLessThan(full.rawPayload.length);
    // The thumbnail is the image's: only who may read the image gets it.
    expect((await get(`/api/files/${rel}?thumb=1`, tokens.admin)).statusCode).toBe(404);
    // A file without a thumbnail (a PDF, an older picture) answers itself.
    expect((await get(`/api/files/${rel}?thumb=0`)).headers['content-type']).toBe('image/jpeg');
    expect((await get(`/api/files/${rel}?thumb=yes`)).statusCode).toBe(400);
  });

  it('a facility icon is re-encoded too, and its thumbnail is served', async () => {
    const body = multipart(
      { facilityId: '2' },
      { name: 'icon.jpg', type: 'image/jpeg', data: await phoneJpeg({ width: 640, height: 480 }) },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/facilities/uploadIcon',
      payload: body.payload,
      headers: { ...body.headers, ...auth(tokens.admin) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { filePath } = res.json();
    expect(filePath).toMatch(/^facilities\/\d{4}\/\d{2}\/icon_\d{8}T\d{9}_[0-9a-f]{16}\.jpg$/);
    const pic = await get(`/api/facilities/picture?FilePath=${encodeURIComponent(filePath)}`);
    expect(pic.statusCode).toBe(200);
    expect((await sharp(pic.rawPayload).metadata()).exif).toBeUndefined();
    const thumb = await get(`/api/files/${filePath}?thumb=1`);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
  });

  it('a file with an image signature that does not decode is a 400 naming the field, storing nothing', async () => {
    const [{ n: before }] = await app.deps.db.rows<{ n: number }>(
      sql`select count(*)::int as n from stored_files`,
    );
    const fake = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('<script>alert(1)</script>'),
    ]);
    const res = await sendPhoto(fake, 'photo.jpg');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().errors).toEqual({ AttachedImage: [UNREADABLE_IMAGE] });
    const [{ n: after }] = await app.deps.db.rows<{ n: number }>(
      sql`select count(*)::int as n from stored_files`,
    );
    expect(after).toBe(before);
  });

  it('a picture that would decode to more than 70 megapixels is refused from its header (pixel flood)', async () => {
    // 10,000 x 8,000 of one colour: a small PNG that would take 240 MB to decode.
    const flood = await sharp({
      create: { width: 10_000, height: 8_000, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(flood.length).toBeLessThan(5 * 1024 * 1024);
    const { payload, headers } = await formPost(
      { Subject: 'Flood', Message: 'big', 'RecipientUserIds[]': [LEAD_TECH] },
      { name: 'flood.png', type: 'image/png', data: flood },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/Conversations/Start',
      payload,
      headers: { ...headers, ...auth(tokens.adminAssistant) },
    });
    expect(res.statusCode).toBe(400);
    // Its header says so, before anything is decoded (files/limits.ts; hostile-files.test.ts for every route).
    expect(res.json().errors).toEqual({
      AttachedImage: [
        'The image is too large: 10,000 × 8,000 pixels (at most 70 megapixels and 30,000 pixels a side)',
      ],
    });
  });
});

describe('the image codecs warmed at start (main.ts, issue #36)', () => {
  it('warms without failing', async () => {
    await expect(warmImageCodecs()).resolves.toBeUndefined();
  });
});
