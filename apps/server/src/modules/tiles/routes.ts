import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { saveTilesBody, tileList } from '@glass/domain/contracts';
import type { App } from '../../app-type.js';
import { currentUser } from '../../http/auth.js';
import { TileService } from './service.js';

export function tileRoutes(app: App) {
  const service = new TileService(app.deps.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/UserTiles/MyTilesInfo',
    {
      config: { anyRole: true },
      schema: { tags: ['tiles'], summary: "The user's tiles in home order", response: { 200: tileList } },
    },
    (req) => service.myTiles(currentUser(req).id),
  );
  r.post(
    '/api/UserTiles/SaveMyTilesInfo',
    {
      config: { action: 'self.settings' },
      schema: {
        tags: ['tiles'],
        summary: 'Save shown/hidden, small/large and shortcut per tile, in the given order',
        body: saveTilesBody,
        response: { 200: tileList },
      },
    },
    (req) => service.save(currentUser(req), req.body.tiles),
  );
}
