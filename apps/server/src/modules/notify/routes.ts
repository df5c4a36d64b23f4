import { type SQL, sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type OutboxMessage, outboxPage, outboxQuery } from '@glass/domain/contracts';
import type { App } from '../../app-type.js';

/** The notify outbox (texts and e-mails waiting, sent or failed) for admins, newest (highest id) first. */
export function notifyRoutes(app: App) {
  const { db } = app.deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/notify/outbox',
    {
      config: { action: 'admin.read' },
      schema: {
        tags: ['notify'],
        summary: 'Outgoing texts and e-mails (?channel=sms|email&status=&$top=&$skip=), newest first',
        querystring: outboxQuery,
        response: { 200: outboxPage },
      },
    },
    async (req) => {
      const { channel, status, $top, $skip } = req.query;
      const where: SQL[] = [sql`true`];
      if (channel) where.push(sql`channel = ${channel}`);
      if (status) where.push(sql`status = ${status}`);
      const filter = sql.join(where, sql` and `);
      const [value, [count]] = await Promise.all([
        db.rows<OutboxMessage>(
          sql`select id, channel, to_address as "toAddress", subject, body, status, attempts,
                     created_at as "createdAt", sent_at as "sentAt", error,
                     record_type as "recordType", record_id as "recordId"
              from notify_outbox where ${filter}
              order by id desc limit ${$top} offset ${$skip}`,
        ),
        db.rows<{ n: number }>(sql`select count(*)::int as n from notify_outbox where ${filter}`),
      ]);
      return { value, '@odata.count': count.n };
    },
  );
}
