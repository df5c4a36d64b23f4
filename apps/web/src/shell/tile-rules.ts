import { MAX_SHORTCUT_TILES } from '@glass/domain/constants';
import { can } from '@glass/domain/roles';
import { tileById, tileByUrl } from '@glass/domain/tiles';
import { shortcutTiles as domainShortcutTiles } from '@glass/domain/user-tile-rules';
import type { TileInfo } from '@glass/domain/contracts';

/**
 * The tiles the role may open (issue #15 item 2): the catalogue tile (by its route, else its id) and its
 * `view` action in the role matrix. The home, the tile editor and the shortcuts offer only these; a tile
 * the catalogue does not know is left out. Without a known role (self failed to load) nothing is hidden:
 * the screens and the server still refuse.
 */
export function openableTiles<T extends Pick<TileInfo, 'url' | 'tileId'>>(
  tiles: readonly T[],
  role: number | undefined,
): T[] {
  if (role === undefined) return [...tiles];
  return tiles.filter((tile) => {
    const def = tileByUrl(tile.url) ?? tileById(tile.tileId);
    return !!def && can(role, def.view);
  });
}

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
