// The reference for `npm run bench:writes` (issue #36): a bare Fastify + pg endpoint per common write doing only
// the plain insert/update of that write on the same tables (so the database's triggers still fire), with no
// session check, no validation, no lock check, no history or activity rows, no alerts and no re-encoding of a
// photo. Each answers {id}. PORT, DATABASE_URL; PHOTO_DIR (default a temporary directory) for the status photos.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.PG_POOL_MAX ?? 10),
});
const photoDir = process.env.PHOTO_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bare-writes-'));
const app = Fastify({ logger: false, bodyLimit: 8 * 1024 * 1024 });
await app.register(multipart, { limits: { fileSize: 8 * 1024 * 1024, files: 10 } });

const one = async (sql: string, params: unknown[]) => ({ id: (await pool.query(sql, params)).rows[0]?.id });

/** Statements in one transaction; answers the first statement's id. */
async function inTransaction(steps: [string, (prev: any[]) => unknown[]][]) {
  const c = await pool.connect();
  try {
    await c.query('begin');
    const out: any[] = [];
    for (const [sql, params] of steps) out.push((await c.query(sql, params(out))).rows[0]);
    await c.query('commit');
    return { id: out[0]?.id };
  } catch (e) {
    await c.query('rollback');
    throw e;
  } finally {
    c.release();
  }
}

app.patch('/invoices/:id', (req) => {
  const { id } = req.params as { id: string };
  const b = req.body as { claimNumber?: string; followUpAt?: string };
  return 'claimNumber' in b
    ? one('update invoices set claim_number = $2, updated_at = now() where id = $1 returning id', [
        Number(id),
        b.claimNumber,
      ])
    : one('update invoices set follow_up_at = $2, updated_at = now() where id = $1 returning id', [
        Number(id),
        b.followUpAt,
      ]);
});

app.post('/repairs', (req) => {
  const b = req.body as { invoiceId: number; description: string; location: string; amount: number };
  return one(
    `insert into invoice_repairs (invoice_id, line_number, description, location, amount)
     values ($1, coalesce((select max(line_number) + 1 from invoice_repairs where invoice_id = $1), 1), $2, $3, $4)
     returning id`,
    [b.invoiceId, b.description, b.location, b.amount],
  );
});

app.post('/invoices/:id/submit', (req) =>
  one(
    'update invoices set submitted = true, submitted_at = now(), updated_at = now() where id = $1 returning id',
    [Number((req.params as { id: string }).id)],
  ),
);

app.post('/invoices/:id/fund', (req) => {
  const id = Number((req.params as { id: string }).id);
  const b = req.body as { transactionTypeId: number; amount: number; reference: string };
  return inTransaction([
    [
      `insert into invoice_transactions (invoice_id, transaction_type_id, status_id, amount, reference, funded_at)
       values ($1, $2, 1, $3, $4, now()) returning id`,
      () => [id, b.transactionTypeId, b.amount, b.reference],
    ],
    ['update invoices set funded = true, funded_at = now(), updated_at = now() where id = $1', () => [id]],
  ]);
});

// The move: the current visit of the schedule gets the new time.
app.post('/schedules/move', (req) => {
  const b = req.body as { scheduleInvoiceId: number; partTypeId: number; appointmentDateTime: string };
  return one(
    `update appointments set appointment_date_time = $3::timestamp at time zone 'America/Chicago',
       sort_date = $3::timestamp at time zone 'America/Chicago', updated_at = now()
     where id = (select id from appointments where invoice_id = $1 and part_type_id = $2 order by id desc limit 1)
     returning id`,
    [b.scheduleInvoiceId, b.partTypeId, b.appointmentDateTime],
  );
});

app.post('/conversations', async (req) => {
  const parts = req.parts();
  const fields: Record<string, string[]> = {};
  for await (const p of parts) if (p.type === 'field') (fields[p.fieldname] ??= []).push(String(p.value));
  const recipients = (fields['RecipientUserIds[]'] ?? []).map(Number);
  return inTransaction([
    [
      'insert into conversations (subject, started_by_user_id) values ($1, 101) returning id',
      () => [fields.Subject?.[0]],
    ],
    [
      'insert into messages (conversation_id, message, message_from_user_id) values ($1, $2, 101) returning id',
      (prev) => [prev[0].id, fields.Message?.[0]],
    ],
    [
      `insert into recipients (message_id, recipient_user_id, conversation_id)
       select $1, r, $2 from unnest($3::int[]) r`,
      (prev) => [prev[1].id, prev[0].id, recipients],
    ],
  ]);
});

// The installer's status with a photo (the phone's form, at the same path): the bytes written to a file as received,
// the visit's status and the update row.
app.post('/api/appointments/status', async (req) => {
  const fields: Record<string, string> = {};
  let saved = 0;
  for await (const p of req.parts()) {
    if (p.type === 'file') {
      const file = path.join(photoDir, `${Date.now()}-${Math.random().toString(36).slice(2)}.jpg`);
      await fs.promises.writeFile(file, await p.toBuffer());
      saved++;
    } else fields[p.fieldname] = String(p.value);
  }
  const invoiceId = Number(fields.InvoiceId);
  const partTypeId = Number(fields.PartTypeId);
  const statusId = Number(fields.StatusId);
  return inTransaction([
    [
      `update appointments set status_id = $3, updated_at = now()
       where id = (select id from appointments where invoice_id = $1 and part_type_id = $2
                   order by appointment_date_time desc, id desc limit 1) returning id`,
      () => [invoiceId, partTypeId, statusId],
    ],
    [
      `insert into appointment_status_updates (appointment_id, invoice_id, part_type_id, status_id, latitude, longitude)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      (prev) => [
        prev[0]?.id,
        invoiceId,
        partTypeId,
        statusId,
        Number(fields.Latitude),
        Number(fields.Longitude),
      ],
    ],
  ]).then((r) => ({ ...r, photos: saved }));
});

app.post('/calls', (req) => {
  const b = req.body as Record<string, string>;
  return one(
    `insert into call_logs (pbx_call_id, direction, from_phone, to_phone, extension, started_at, answered_at, ended_at,
       duration_seconds, result_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, extract(epoch from ($8::timestamptz - $6::timestamptz))::int, 1)
     returning id`,
    [
      b.callId,
      b.direction.startsWith('in') ? 'in' : 'out',
      b.from,
      b.to,
      b.extension,
      b.startedAt,
      b.answeredAt,
      b.endedAt,
    ],
  );
});

app.get('/health', () => ({ ok: true }));

await app.listen({ port: Number(process.env.PORT ?? 3331), host: '127.0.0.1' });
