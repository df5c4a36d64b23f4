/** A user's tile settings (spec 1 §3 "Tile info") and the rules the home screen and top bar apply. */
import { MAX_SHORTCUT_TILES } from './constants.js';
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

/** Top-bar shortcuts: displayed tiles flagged as shortcut, first 3 in the user's order (spec 1 §1). */
export function shortcutTiles<T extends Pick<TileInfo, 'isDisplayed' | 'hasShortcut'>>(
  tiles: readonly T[],
): T[] {
  return tiles.filter((t) => t.isDisplayed && t.hasShortcut).slice(0, MAX_SHORTCUT_TILES);
}

/** Whether one more shortcut may be switched on, so the settings screen can disable the switch. */
export function canAddShortcut(tiles: readonly Pick<TileInfo, 'isDisplayed' | 'hasShortcut'>[]): boolean {
  return tiles.filter((t) => t.isDisplayed && t.hasShortcut).length < MAX_SHORTCUT_TILES;
}
