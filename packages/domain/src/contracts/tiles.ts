import { z } from 'zod';
import { id } from './common.js';

/** Home tiles (spec 1 §3 "Tile info", §7 UserTiles). */

/** One tile of the user's home, in home order: the catalogue tile with the user's settings. */
export const tileInfo = z.object({
  name: z.string(),
  displayName: z.string(),
  url: z.string(),
  icon: z.string(),
  /** null until the user saves the tile (0 in defaults a new user starts with). */
  userTileId: id.nullable(),
  tileId: id,
  isDisplayed: z.boolean(),
  isSmallTile: z.boolean(),
  hasShortcut: z.boolean(),
});
export type TileInfo = z.infer<typeof tileInfo>;

/** GET /api/UserTiles/MyTilesInfo, POST /api/UserTiles/SaveMyTilesInfo */
export const tileList = z.array(tileInfo);

const tileUpdate = z.object({
  tileId: z.number().int().positive(),
  userTileId: z.number().int().nullable().optional(),
  name: z.string().optional(),
  icon: z.string().optional(),
  isDisplayed: z.boolean(),
  isSmallTile: z.boolean(),
  hasShortcut: z.boolean(),
});
export type TileUpdate = z.input<typeof tileUpdate>;

/** POST /api/UserTiles/SaveMyTilesInfo: the tiles in the order to keep. */
export const saveTilesBody = z.object({ tiles: z.array(tileUpdate).max(200) });
