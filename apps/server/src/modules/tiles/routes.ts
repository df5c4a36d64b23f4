import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app.js';
import { currentUser } from '../../http/auth.js';
import { TileService } from './service.js';

const tile = z.object({
  tileId: z.number().int().positive(),
  userTileId: z.number().int().nullable().optional(),
  name: z.string().optional(),
  icon: z.string().optional(),
  isDisplayed: z.boolean(),
  isSmallTile: z.boolean(),
  hasShortcut: z.boolean(),
});

export function tileRoutes(app: App) {
  const service = new TileService(app.deps.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/UserTiles/MyTilesInfo',
    { schema: { tags: ['tiles'], summary: "The user's tiles in home order" } },
    (req) => service.myTiles(currentUser(req).id),
  );
  r.post(
    '/api/UserTiles/SaveMyTilesInfo',
    {
      config: { action: 'self.settings' },
      schema: {
        tags: ['tiles'],
        summary: 'Save shown/hidden, small/large and shortcut per tile, in the given order',
        body: z.object({ tiles: z.array(tile).max(200) }),
      },
    },
    (req) => service.save(currentUser(req), req.body.tiles),
  );
}
