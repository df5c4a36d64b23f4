import type { TileInfo, TileUpdate } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import { audit } from '../../http/audit.js';
import { badRequest } from '../../http/errors.js';

/** A user's tiles: every active catalogue tile, with the user's settings where the user has a row. */
export class TileService {
  constructor(private db: Database) {}

  myTiles(userId: number): Promise<TileInfo[]> {
    return this.db.rows<TileInfo>(
      sql`select t.name, t.display_name as "displayName", t.url, t.icon, ut.id as "userTileId", t.id as "tileId",
                 coalesce(ut.is_displayed, false) as "isDisplayed", coalesce(ut.is_small_tile, false) as "isSmallTile",
                 coalesce(ut.has_shortcut, false) as "hasShortcut"
          from tiles t left join user_tiles ut on ut.tile_id = t.id and ut.user_id = ${userId}
          where t.is_active
          order by coalesce(ut.sort_order, 10000 + t.sort_order), t.sort_order, t.id`,
    );
  }

  /** Saves the user's choices, in the order given; unknown tile ids are a 400 and nothing is saved. */
  async save(user: SessionUser, tiles: TileUpdate[]): Promise<TileInfo[]> {
    const ids = tiles.map((t) => t.tileId);
    if (new Set(ids).size !== ids.length) throw badRequest('tiles', 'A tile appears more than once');
    if (ids.length) {
      const known = await this.db.rows<{ id: number }>(
        sql`select id from tiles where id in ${sql`(${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`} and is_active`,
      );
      if (known.length !== ids.length) throw badRequest('tiles', 'Unknown tile');
    }
    await this.db.transaction(async (tx) => {
      for (const [i, t] of tiles.entries()) {
        await tx.rows(
          sql`insert into user_tiles (user_id, tile_id, is_displayed, is_small_tile, has_shortcut, sort_order)
              values (${user.id}, ${t.tileId}, ${t.isDisplayed}, ${t.isSmallTile}, ${t.hasShortcut}, ${i})
              on conflict (user_id, tile_id) do update set is_displayed = excluded.is_displayed,
                 is_small_tile = excluded.is_small_tile, has_shortcut = excluded.has_shortcut,
                 sort_order = excluded.sort_order, updated_at = now()`,
        );
      }
      await audit(tx, user, {
        activity: 'Saved my tiles',
        type: 'update',
        details: {
          tiles: tiles
            .map((t) => `${t.tileId}:${+t.isDisplayed}${+t.isSmallTile}${+t.hasShortcut}`)
            .join(','),
        },
      });
    });
    return this.myTiles(user.id);
  }
}
