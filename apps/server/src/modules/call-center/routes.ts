import { idParams } from '@glass/domain/contracts/common';
import {
  callCenterDashboard,
  callCenterDashboardQuery,
  callList,
  callLogQuery,
  callLogRow,
  callOutcomeAnswer,
  callOutcomeBody,
  callQuery,
  callQueryCategory,
  categoryNameParams,
  ingestResult,
  myCallQueryBody,
  nextRecordAnswer,
  nextRecordBody,
} from '@glass/domain/contracts/call-center';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app-type.js';
import { currentUser } from '../../http/auth.js';
import { hubOf } from '../../realtime/hub.js';
import { CallListService } from './call-lists.js';
import { CallLogService } from './call-logs.js';
import { DashboardService } from './dashboard.js';
import { OutcomeService } from './outcome.js';

const tags = ['call center'];

/** The call centre's routes (README.md). */
export function callCenterRoutes(app: App) {
  const { db } = app.deps;
  const hub = hubOf(app);
  const logs = new CallLogService(db, hub);
  const lists = new CallListService(db);
  const outcomes = new OutcomeService(db, hub);
  const dashboards = new DashboardService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { action: 'callCenter.read' } as const;
  const work = { action: 'callCenter.work' } as const;

  r.post(
    '/api/callLog/ingest',
    {
      // The phone system, with PBX_TOKEN as its bearer secret (docs/security.md "machine").
      config: { machine: 'pbx' },
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        summary: 'Call detail records from the PBX: one, an array, or {records}; stored once per callId',
        body: z.unknown(),
        response: { 200: ingestResult },
      },
    },
    (req) => logs.ingest(req.body),
  );
  r.get(
    '/api/callLog',
    {
      config: read,
      schema: {
        tags,
        summary: 'Calls of a day range (facility time zone, default today), newest first, ≤ 500',
        querystring: callLogQuery,
        response: { 200: z.array(callLogRow) },
      },
    },
    (req) => logs.list(currentUser(req), req.query),
  );
  r.get(
    '/api/callLog/mine',
    {
      config: { action: 'phone.call' },
      schema: {
        tags,
        summary: "The user's own last 20 calls (Call Status)",
        response: { 200: z.array(callLogRow) },
      },
    },
    (req) => logs.mine(currentUser(req)),
  );

  r.get(
    '/api/CallQueryCategories',
    {
      config: read,
      schema: { tags, summary: 'Call query categories', response: { 200: z.array(callQueryCategory) } },
    },
    (req) => lists.categories(currentUser(req)),
  );
  r.get(
    '/api/CallQueryCategories/:name/queries',
    {
      config: read,
      schema: {
        tags,
        summary: "A category's shared queries and the user's own in it; `my`: the user's own queries",
        params: categoryNameParams,
        response: { 200: z.array(callQuery) },
      },
    },
    (req) => lists.queries(currentUser(req), req.params.name),
  );
  r.post(
    '/api/CallQueryCategories/my/queries',
    {
      config: work,
      schema: {
        tags,
        summary: 'Save a query of my own {name, categoryId?, criteria}',
        body: myCallQueryBody,
        response: { 201: callQuery },
      },
    },
    async (req, reply) => reply.code(201).send(await lists.createMine(currentUser(req), req.body)),
  );
  r.delete(
    '/api/CallQueryCategories/my/queries/:id',
    {
      config: work,
      schema: { tags, summary: 'Delete a query of my own (403 for anyone else’s); 204', params: idParams },
    },
    async (req, reply) => {
      await lists.deleteMine(currentUser(req), req.params.id);
      return reply.code(204).send();
    },
  );
  r.get(
    '/api/CallQueries/:id/list',
    {
      config: read,
      schema: {
        tags,
        summary: 'The call list of a query: the first 50 records in priority order and how many match',
        params: idParams,
        response: { 200: callList },
      },
    },
    (req) => lists.list(currentUser(req), req.params.id),
  );
  r.post(
    '/api/CallQueries/:id/next',
    {
      config: work,
      schema: {
        tags,
        summary: 'Take the next free record of the list with the service vehicle lock',
        params: idParams,
        body: nextRecordBody,
        response: { 200: nextRecordAnswer },
      },
    },
    (req) => lists.next(currentUser(req), req.params.id, req.body.excludeIds),
  );
  r.post(
    '/api/CallManager/records/:id/outcome',
    {
      config: work,
      schema: {
        tags,
        summary:
          'Record the outcome of a call to a service vehicle: disposition, notes, follow-up, OK to call',
        params: idParams,
        body: callOutcomeBody,
        response: { 200: callOutcomeAnswer },
      },
    },
    (req) => outcomes.record(currentUser(req), req.params.id, req.body),
  );
  r.get(
    '/api/CallCenter/dashboard',
    {
      config: read,
      schema: {
        tags,
        summary: 'Calls per agent and facility, queue, follow-ups, missed calls not called back',
        querystring: callCenterDashboardQuery,
        response: { 200: callCenterDashboard },
      },
    },
    (req) => dashboards.dashboard(currentUser(req), req.query),
  );
}
