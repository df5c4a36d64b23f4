/** A user's tile settings (spec 1 §3 "Tile info") and the rules the home screen and top bar apply. */
import type { TileInfo } from './contracts/tiles.js';
import { tilesForRole } from './roles.js';

export type { TileInfo } from './contracts/tiles.js';

/**
 * The tile rows a new user starts with: every tile the role may open, displayed and large, with no
 * shortcut (shortcuts are a personal choice). userTileId 0 means "not saved yet".
 */
export function defaultUserTiles(roleId: number | null | undefined): TileInfo[] {
  return tilesForRole(roleId).map((t) => ({
    name: t.name,
    displayName: t.displayName,
    url: t.url,
    userTileId: 0,
    tileId: t.id,
    isDisplayed: true,
    isSmallTile: false,
    hasShortcut: false,
    icon: t.icon,
  }));
}

export { canAddShortcut, shortcutTiles } from './user-tile-rules.js';
