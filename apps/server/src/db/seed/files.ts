import { deflateSync } from 'node:zlib';
import type { FileStoreOptions } from '../../config.js';
import { FileStore } from '../../files/file-store.js';
import { runUnitOfWork, type UnitOfWork } from '../unit-of-work.js';
import { exec, rows, type SeedContext } from './context.js';

/**
 * Every file a seeded row points at is written through the app's file store (FileStore.saveImage),
 * so it is registered in stored_files with the record that owns it and served by GET /api/files/…
 * like an upload. The generators leave placeholder paths on the newest records (FILES_PER_KIND per
 * kind); this step writes a small generated picture, signature or PDF for each and puts the stored
 * path in its place. Without a data directory nothing can be written, so the placeholders are
 * cleared instead: no seeded row ever points at a missing file.
 */
export async function seedFiles(
  ctx: SeedContext,
  dataDir: string | undefined,
  fileStore?: FileStoreOptions,
): Promise<void> {
  if (!dataDir) return clearFileReferences(ctx);
  const store = new FileStore(ctx.db, fileStore ? { dataDir, fileStore } : dataDir);
  // One unit of work (a savepoint in the seed's transaction): if any step fails, every file written
  // so far deletes itself (onRollback) before the error goes on.
  await runUnitOfWork(ctx.db.kind, ctx.tx, ctx.db.events, (work) => seedFilesIn(ctx, store, work));
}

async function seedFilesIn(ctx: SeedContext, store: FileStore, work: UnitOfWork): Promise<void> {
  const photo = { buffer: photoPng(), mime: 'image/png', ext: 'png' };
  const signature = { buffer: signaturePng(), mime: 'image/png', ext: 'png' };
  const save = (
    file: { buffer: Buffer; mime: string; ext: string },
    filename: string,
    folder: string,
    owner: { ownerType: string; ownerId: number; ownerUserId?: number | null },
  ) => store.saveImage(work, { ...file, filename }, folder, owner);
  const set = (table: string, column: string, path: string, where: string) =>
    exec(ctx, `update ${table} set ${column} = '${path}' where ${where}`);
  const vehicles = await rows<{
    id: number;
    by: number;
    ro: string | null;
    card: string | null;
    shield: string[] | null;
  }>(
    ctx,
    `select id, created_by_id as by, ro_image_path as ro, insurance_card_image_path as card, windshield_image_paths as shield
       from service_vehicles
      where ro_image_path is not null or insurance_card_image_path is not null or windshield_image_paths is not null
      order by id`,
  );
  for (const v of vehicles) {
    const owner = { ownerType: 'ServiceVehicle', ownerId: v.id, ownerUserId: v.by };
    const folder = `service-vehicles/${v.id}`;
    if (v.ro)
      await set(
        'service_vehicles',
        'ro_image_path',
        await save(photo, 'ro.png', folder, owner),
        `id = ${v.id}`,
      );
    if (v.card) {
      const path = await save(photo, 'insurance-card.png', folder, owner);
      await set('service_vehicles', 'insurance_card_image_path', path, `id = ${v.id}`);
    }
    if (v.shield?.length) {
      const paths: string[] = [];
      for (const [k] of v.shield.entries())
        paths.push(await save(photo, `windshield-${k + 1}.png`, folder, owner));
      await exec(
        ctx,
        `update service_vehicles set windshield_image_paths = array[${paths.map((p) => `'${p}'`).join(', ')}]::text[] where id = ${v.id}`,
      );
    }
  }

  const signed = await rows<{ id: number; old: string }>(
    ctx,
    `select id, signature_path as old from invoices where signature_path is not null order by id`,
  );
  for (const s of signed) {
    const path = await save(signature, 'signature.png', `invoices/${s.id}/signatures`, {
      ownerType: 'Invoice',
      ownerId: s.id,
    });
    await set('invoices', 'signature_path', path, `id = ${s.id}`);
    await set('invoice_signatures', 'path', path, `invoice_id = ${s.id} and path = '${s.old}'`);
  }

  const images = await rows<{ id: number; invoice: number; by: number | null; caption: string | null }>(
    ctx,
    `select id, invoice_id as invoice, user_id as by, caption from invoice_images order by id`,
  );
  for (const m of images) {
    const name = `${(m.caption ?? 'image').toLowerCase()}.png`;
    const path = await save(photo, name, `invoices/${m.invoice}`, {
      ownerType: 'Invoice',
      ownerId: m.invoice,
      ownerUserId: m.by,
    });
    await set('invoice_images', 'path', path, `id = ${m.id}`);
  }

  const pdfs = await rows<{ id: number; invoice: number; by: number | null; at: string }>(
    ctx,
    `select id, invoice_id as invoice, user_id as by, to_char(created_at at time zone 'America/Chicago', 'MM/DD/YYYY') as at
       from invoice_pdfs order by id`,
  );
  for (const p of pdfs) {
    const pdf = {
      buffer: demoPdf(`Invoice #${p.invoice}`, `Copy kept on ${p.at} (demo data)`),
      mime: 'application/pdf',
      ext: 'pdf',
    };
    const path = await save(pdf, `Invoice-${p.invoice}.pdf`, `invoices/${p.invoice}`, {
      ownerType: 'Invoice',
      ownerId: p.invoice,
      ownerUserId: p.by,
    });
    await set('invoice_pdfs', 'path', path, `id = ${p.id}`);
  }

  // An approval belongs to its invoice: whoever may read the invoice may see the customer's signature.
  const approvals = await rows<{ id: string; invoice: number }>(
    ctx,
    `select id::text, invoice_id as invoice from customer_approvals where signature_path is not null order by id`,
  );
  for (const a of approvals) {
    const path = await save(signature, 'approval-signature.png', `invoices/${a.invoice}/approvals`, {
      ownerType: 'Invoice',
      ownerId: a.invoice,
    });
    await set('customer_approvals', 'signature_path', path, `id = '${a.id}'`);
  }

  const attachments = await rows<{ id: number; by: number }>(
    ctx,
    `select id, message_from_user_id as by from messages where image_attachment_path is not null order by id`,
  );
  for (const m of attachments) {
    const path = await save(photo, 'photo.png', 'messages', {
      ownerType: 'Message',
      ownerId: m.id,
      ownerUserId: m.by,
    });
    await set('messages', 'image_attachment_path', path, `id = ${m.id}`);
  }
}

async function clearFileReferences(ctx: SeedContext): Promise<void> {
  await exec(
    ctx,
    `update service_vehicles set ro_image_path = null, insurance_card_image_path = null, windshield_image_paths = null
      where ro_image_path is not null or insurance_card_image_path is not null or windshield_image_paths is not null`,
  );
  await exec(ctx, 'delete from invoice_signatures');
  await exec(ctx, 'update invoices set signature_path = null where signature_path is not null');
  await exec(ctx, 'delete from invoice_images');
  await exec(ctx, 'delete from invoice_pdfs');
  await exec(ctx, 'update customer_approvals set signature_path = null where signature_path is not null');
  await exec(ctx, 'update messages set image_attachment_path = null where image_attachment_path is not null');
}

// --- Small generated files -------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An 8-bit RGB PNG of width x height whose pixels come from rgb(x, y). */
export function png(
  width: number,
  height: number,
  rgb: (x: number, y: number) => [number, number, number],
): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) raw.set(rgb(x, y), row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A photo stand-in: sky over a grey windshield band. */
let photoBytes: Buffer | undefined;
function photoPng(): Buffer {
  photoBytes ??= png(160, 120, (_x, y) =>
    y < 60 ? [120 + y, 170 + Math.floor(y / 2), 230] : [90 + (y % 7), 100 + (y % 7), 110 + (y % 7)],
  );
  return photoBytes;
}

/** A signature stand-in: a dark blue stroke on white. */
let signatureBytes: Buffer | undefined;
function signaturePng(): Buffer {
  signatureBytes ??= png(240, 80, (x, y) => {
    const line = 40 + 18 * Math.sin(x / 11) * Math.cos(x / 37);
    return Math.abs(y - line) < 1.6 && x > 12 && x < 228 ? [20, 30, 110] : [255, 255, 255];
  });
  return signatureBytes;
}

/** A one-page PDF with two lines of text (Helvetica), with a correct cross-reference table. */
export function demoPdf(title: string, line: string): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '-');
  const content = `BT /F1 20 Tf 72 720 Td (${esc(title)}) Tj 0 -28 Td /F1 11 Tf (${esc(line)}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, k) => {
    offsets.push(out.length);
    out += `${k + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
