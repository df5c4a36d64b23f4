import { MAX_SHORTCUT_TILES } from '@glass/domain/constants';
import { shortcutTiles as domainShortcutTiles } from '@glass/domain/user-tile-rules';
import type { TileInfo } from '../api/types';

/** The home shows the user's active tiles, in the server's order. */
export function visibleTiles(tiles: readonly TileInfo[]): TileInfo[] {
  return tiles.filter((tile) => tile.isDisplayed);
}

/** At most 3 shortcuts: the first 3 active tiles with the flag, even if the server holds more flags. */
export function shortcutTiles(tiles: readonly TileInfo[]): TileInfo[] {
  return domainShortcutTiles(tiles);
}

/** How many shown tiles carry the flag; above MAX_SHORTCUT_TILES the editor says only 3 appear. */
export function countShortcuts(tiles: readonly TileInfo[]): number {
  return visibleTiles(tiles).filter((tile) => tile.hasShortcut).length;
}

export { MAX_SHORTCUT_TILES };
