import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../app-type.js';
import { currentUser } from '../http/auth.js';
import { notFound } from '../http/errors.js';
import { mayReadFile } from './access.js';
import { FileStore } from './file-store.js';

/**
 * Stored files (message images, invoice images, signatures and PDFs, facility and profile pictures), from
 * the configured store (disk, PostgreSQL or S3; blob-store.ts), streamed; `?thumb=1` answers an image's
 * thumbnail.
 * The route's action only admits real roles; whether this user may read this file is decided by the
 * record that owns it (access.ts). Unknown, malformed (dot segments, doubled or encoded slashes
 * leading out of the store), unowned and refused paths all answer the same 404.
 */
export function fileRoutes(app: App) {
  const store = new FileStore(app.deps.db, app.deps.config);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/files/*',
    {
      // Every real role may read pick lists and pictures (None may not); the owner rule below does the rest.
      config: { action: 'lookups.read' },
      schema: {
        tags: ['files'],
        summary:
          'A stored file (e.g. a message image: GET /api/files/{imageAttachmentPath}), to those who may read its record; 404 otherwise',
        params: z.object({ '*': z.string() }),
        querystring: z.object({
          // The image's thumbnail (320 px wide WebP) for lists; files without one answer themselves.
          thumb: z.enum(['0', '1', 'true', 'false']).optional(),
        }),
      },
    },
    async (req, reply) => {
      const file = await store.find(req.params['*']);
      if (!file || !(await mayReadFile(app.deps.db, currentUser(req), file))) throw notFound('No such file.');
      const thumb = req.query.thumb === '1' || req.query.thumb === 'true';
      const opened = await store.open(file, { thumb });
      if (!opened) throw notFound('No such file.');
      const name = (file.originalName ?? file.path.split('/').pop() ?? 'file').replace(/[^\w.-]+/g, '_');
      if (opened.size !== undefined) reply.header('content-length', opened.size);
      return reply
        .type(opened.mime)
        .header('content-disposition', `inline; filename="${name}"`)
        .header('cache-control', 'private, max-age=86400')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .send(opened.stream);
    },
  );
}
