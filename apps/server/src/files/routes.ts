import fs from 'node:fs';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../app.js';
import { notFound } from '../http/errors.js';
import { FileStore } from './file-store.js';

/** Stored files (message images and the like), to signed-in users only: the auth hook guards /api. */
export function fileRoutes(app: App) {
  const store = new FileStore(app.deps.db, app.deps.config);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/files/*',
    {
      schema: {
        tags: ['files'],
        summary:
          'A stored file (e.g. a message image: GET /api/files/{imageAttachmentPath}), bearer token required',
        params: z.object({ '*': z.string() }),
      },
    },
    async (req, reply) => {
      const file = await store.find(req.params['*']);
      if (!file) throw notFound('No such file.');
      const name = (file.originalName ?? file.path.split('/').pop() ?? 'file').replace(/[^\w.-]+/g, '_');
      return reply
        .type(file.mime)
        .header('content-length', file.size)
        .header('content-disposition', `inline; filename="${name}"`)
        .header('cache-control', 'private, max-age=86400')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .send(fs.createReadStream(file.absolutePath));
    },
  );
}
