import { Readable } from 'node:stream';
import { csvFileName } from '@glass/domain';
import { idParams, odataPage } from '@glass/domain/contracts/common';
import {
  dmsImport,
  dmsImportVehicles,
  dmsPreviewBody,
  dmsPreviewResult,
  dmsStartBody,
  dmsUploadResult,
} from '@glass/domain/contracts/dms-imports';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app-type.js';
import { FileStore } from '../../files/file-store.js';
import { currentUser } from '../../http/auth.js';
import { trafficOf } from '../../http/traffic.js';
import { odataQuerySchema } from '../../http/odata-schema.js';
import { sendODataList } from '../../http/odata-route.js';
import { jobsOf } from '../../jobs/index.js';
import { hubOf } from '../../realtime/hub.js';
import { dmsImportsResource } from './resource.js';
import {
  cancelImport,
  type DmsDeps,
  failedRowsCsv,
  importedVehicles,
  loadImport,
  previewImport,
  resumeImport,
  startImport,
  uploadImport,
} from './service.js';
import { DMS_IMPORT_JOB } from './job.js';
import { ensureImportWorker } from './worker.js';

const tags = ['dms-imports'];

/** /api/DmsImports: upload, preview, start, cancel, resume, history and failed rows (README.md). */
export function dmsImportRoutes(app: App) {
  const { db, config } = app.deps;
  const deps: DmsDeps = {
    db,
    files: new FileStore(db, config),
    hub: hubOf(app),
    enqueue: async (importId) => {
      await ensureImportWorker(app);
      await jobsOf(app).enqueue(DMS_IMPORT_JOB, { importId });
    },
    busy: () => trafficOf(app).busy(),
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { action: 'dmsImports.read' } as const;
  const write = { action: 'dmsImports.write' } as const;

  r.get(
    '/api/DmsImports',
    {
      config: read,
      schema: {
        tags,
        summary: 'Import history (OData), newest first: who, when, file, facility, counts',
        querystring: odataQuerySchema,
        response: { 200: odataPage(dmsImport) },
      },
    },
    (req, reply) => sendODataList(db, dmsImportsResource, req, reply),
  );
  r.post(
    '/api/DmsImports',
    {
      // The one upload of the area (input guards: only declared routes take multipart).
      config: { ...write, upload: { fields: ['File'] } },
      schema: {
        tags,
        summary:
          'Upload a DMS export (multipart: FacilityId, then File: CSV UTF-8 or XLSX, up to 50 MB) → the import, the mapping to offer and the first rows',
        querystring: z.object({ facilityId: z.coerce.number().int().positive().optional() }),
        response: { 201: dmsUploadResult },
      },
    },
    async (req, reply) => {
      const result = await uploadImport(deps, req, currentUser(req), req.query.facilityId);
      return reply.code(201).send(result);
    },
  );
  r.get(
    '/api/DmsImports/:id',
    { config: read, schema: { tags, summary: 'One import', params: idParams, response: { 200: dmsImport } } },
    (req) => loadImport(db, req.params.id),
  );
  r.post(
    '/api/DmsImports/:id/preview',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Validate every row with {mapping, defaultRepairCount}: the first rows and the first failing ones',
        params: idParams,
        body: dmsPreviewBody,
        response: { 200: dmsPreviewResult },
      },
    },
    (req) => previewImport(deps, req.params.id, req.body),
  );
  r.post(
    '/api/DmsImports/:id/start',
    {
      config: write,
      schema: {
        tags,
        summary: 'Save the mapping for the facility and run the import in the background',
        params: idParams,
        body: dmsStartBody,
        response: { 200: dmsImport },
      },
    },
    (req) => startImport(deps, currentUser(req), req.params.id, req.body),
  );
  r.post(
    '/api/DmsImports/:id/cancel',
    {
      config: write,
      schema: {
        tags,
        summary: 'Cancel a queued or running import',
        params: idParams,
        response: { 200: dmsImport },
      },
    },
    (req) => cancelImport(deps, req.params.id),
  );
  r.post(
    '/api/DmsImports/:id/resume',
    {
      config: write,
      schema: {
        tags,
        summary: 'Continue a cancelled or failed import after its last committed batch',
        params: idParams,
        response: { 200: dmsImport },
      },
    },
    (req) => resumeImport(deps, req.params.id),
  );
  r.get(
    '/api/DmsImports/:id/vehicles',
    {
      config: read,
      schema: {
        tags,
        summary: 'The service vehicles the import created or last updated (the first 50 by RO number)',
        params: idParams,
        response: { 200: dmsImportVehicles },
      },
    },
    async (req) => {
      await loadImport(db, req.params.id);
      return importedVehicles(db, req.params.id);
    },
  );
  r.get(
    '/api/DmsImports/:id/failedRows',
    {
      config: read,
      schema: {
        tags,
        summary: 'The skipped rows as CSV (row, reason, the row’s cells), formulas escaped',
        params: idParams,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const imp = await loadImport(db, req.params.id);
      const name = csvFileName(`dms-import-${imp.id}-failed-rows`);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Readable.from(failedRowsCsv(db, imp)));
      return reply;
    },
  );
}
