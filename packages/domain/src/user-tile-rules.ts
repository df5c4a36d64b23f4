/** Top-bar shortcut rules (spec 1 §1): a leaf module, so the shell can use them without the role matrix. */
import { MAX_SHORTCUT_TILES } from './constants.js';
import type { TileInfo } from './contracts/tiles.js';

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
