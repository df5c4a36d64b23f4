/** A user's tile settings (spec 1 §3 "Tile info") and the rules the home screen and top bar apply. */
import { tilesForRole } from './roles.js';

export interface TileInfo {
  name: string;
  userTileId: number;
  tileId: number;
  isDisplayed: boolean;
  isSmallTile: boolean;
  hasShortcut: boolean;
  icon: string;
}

/**
 * The tile rows a new user starts with: every tile the role may open, displayed and large, with no
 * shortcut (shortcuts are a personal choice). userTileId 0 means "not saved yet".
 */
export function defaultUserTiles(roleId: number | null | undefined): TileInfo[] {
  return tilesForRole(roleId).map((t) => ({
    name: t.name,
    userTileId: 0,
    tileId: t.id,
    isDisplayed: true,
    isSmallTile: false,
    hasShortcut: false,
    icon: t.icon,
  }));
}

export { canAddShortcut, shortcutTiles } from './user-tile-rules.js';
