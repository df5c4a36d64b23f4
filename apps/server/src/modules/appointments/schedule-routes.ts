import {
  calendarAnswer,
  calendarQuery,
  dayRelatedQuery,
  dayRelatedRecords as dayRelatedAnswer,
  scheduleCancelBody,
  scheduleDetailsQuery,
  scheduleDetails as scheduleDetailsAnswer,
  scheduleListAnswer,
  scheduleListQuery,
  scheduleSaveAnswer,
  scheduleSaveBody,
} from '@glass/domain/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../app-type.js';
import { FileStore } from '../../files/file-store.js';
import { currentUser } from '../../http/auth.js';
import { sendKeptJson } from '../../http/send-json.js';
import { hubOf } from '../../realtime/hub.js';
import { ConversationWriter } from '../conversations/index.js';
import { calendar } from './calendar-read.js';
import { dayRelatedRecords, scheduleDetails, scheduleList } from './schedule-reads.js';
import { ScheduleService } from './schedule-service.js';

const tags = ['appointments'];

/** /api/appointmentsSchedule/*: the calendar, the schedule form's reads, save and cancel (README.md). */
export function scheduleRoutes(app: App) {
  const { db, config } = app.deps;
  const hub = hubOf(app);
  const service = new ScheduleService(db, new ConversationWriter(new FileStore(db, config), hub), hub);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { action: 'appointments.read' } as const;
  const write = { action: 'appointments.write' } as const;
  r.get(
    '/api/appointmentsSchedule/calendar',
    {
      config: read,
      schema: {
        tags,
        summary: "The calendar's appointments for a Day, Week or Month (cancelled visits left out)",
        querystring: calendarQuery,
        response: { 200: calendarAnswer },
      },
    },
    async (req, reply) => sendKeptJson(req, reply, await calendar(db, currentUser(req), req.query)),
  );
  r.get(
    '/api/appointmentsSchedule/list',
    {
      config: read,
      schema: {
        tags,
        summary: "An invoice's schedules and an installer's visits on a day",
        querystring: scheduleListQuery,
        response: { 200: scheduleListAnswer },
      },
    },
    (req) => scheduleList(db, currentUser(req), req.query),
  );
  r.get(
    '/api/appointmentsSchedule/dayRelatedRecords',
    {
      config: read,
      schema: {
        tags,
        summary:
          'What the schedule form of an invoice starts from: defaults, part types, loaner cars, schedules',
        querystring: dayRelatedQuery,
        response: { 200: dayRelatedAnswer },
      },
    },
    (req) => dayRelatedRecords(db, req.query.invoiceId),
  );
  r.get(
    '/api/appointmentsSchedule/details',
    {
      config: read,
      schema: {
        tags,
        summary:
          'One appointment schedule (id, or invoiceId + partTypeId) as the save form needs it, with its loaner reservation and visits',
        querystring: scheduleDetailsQuery,
        response: { 200: scheduleDetailsAnswer },
      },
    },
    (req) => scheduleDetails(db, currentUser(req), req.query),
  );
  r.post(
    '/api/appointmentsSchedule/save',
    {
      config: write,
      schema: {
        tags,
        summary: 'Book, move or edit the appointment of an invoice and part type (409 on an overlap)',
        body: scheduleSaveBody,
        response: { 200: scheduleSaveAnswer },
      },
    },
    (req) => service.save(currentUser(req), req.body),
  );
  r.post(
    '/api/appointmentsSchedule/cancel',
    {
      config: write,
      schema: {
        tags,
        summary: 'Cancel the current appointment of an invoice and part type (the visit stays, as Cancelled)',
        body: scheduleCancelBody,
        response: { 200: scheduleSaveAnswer },
      },
    },
    (req) => service.cancel(currentUser(req), req.body),
  );
}
