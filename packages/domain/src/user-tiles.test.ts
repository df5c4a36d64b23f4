import { describe, expect, it } from 'vitest';
import { canAddShortcut, defaultUserTiles, shortcutTiles } from './user-tiles.js';

const t = (id: number, hasShortcut: boolean, isDisplayed = true) => ({ id, hasShortcut, isDisplayed });

describe('user tiles (spec 1 §1, §6)', () => {
  it("Up to 3 of the user's tiles that carry a shortcut flag appear as shortcuts in the top bar", () => {
    const tiles = [t(1, true), t(2, false), t(3, true), t(4, true), t(5, true)];
    expect(shortcutTiles(tiles).map((x) => x.id)).toEqual([1, 3, 4]);
    expect(canAddShortcut(tiles)).toBe(false);
    expect(canAddShortcut(tiles.slice(0, 3))).toBe(true);
  });
  it('a hidden tile is not a shortcut', () => {
    expect(shortcutTiles([t(1, true, false)])).toEqual([]);
  });
  it('new users start with the tiles of their role, displayed, without shortcuts', () => {
    const tiles = defaultUserTiles(5);
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((x) => x.isDisplayed && !x.hasShortcut && !x.isSmallTile)).toBe(true);
    expect(defaultUserTiles(0)).toEqual([]);
  });
});
