import type { Page } from '@playwright/test';
import { apiAs, DEMO, expect, SESSION_CACHE_KEY, test, expectToast } from './fixtures';

interface Tile {
  name: string;
  displayName: string;
  icon: string;
  userTileId: number;
  tileId: number;
  isDisplayed: boolean;
  isSmallTile: boolean;
  hasShortcut: boolean;
}

// The editor's own note (apps/web/src/shell/tile-editor.tsx); the spec only says "at most 3".
const SHORTCUT_LIMIT_TEXT = 'At most 3 shortcuts appear in the top bar: the first 3 in tile order.';

// User 103 is the tile editor's: other specs read 101's tiles and must not see these edits.
test.use({ user: DEMO.leadTech });

const save = (tiles: Tile[]) => ({ tiles: tiles.map(({ displayName: _, ...tile }) => tile) });

/** 103's tiles as the server holds them; every test puts them back as they were, pass or fail. */
async function withOriginalTiles(page: Page, body: (tiles: Tile[]) => Promise<void>) {
  await page.goto('/login'); // any app page, to reach local storage
  const api = await apiAs(page);
  const original = await api.get<Tile[]>('/api/UserTiles/MyTilesInfo');
  try {
    await body(original);
  } finally {
    await api.post('/api/UserTiles/SaveMyTilesInfo', save(original));
  }
}

test('tile editor: hide a tile and make one small; after Save and a reload it stays so', async ({ page }) => {
  await withOriginalTiles(page, async (original) => {
    const shown = original.filter((tile) => tile.isDisplayed);
    const hidden = shown[0];
    const shrunk = shown.find((tile) => tile !== hidden && !tile.isSmallTile);
    if (!hidden || !shrunk) throw new Error('user 103 needs two shown tiles, one of them large');

    await page.goto('/new-home');
    const tiles = page.getByRole('navigation', { name: 'Tiles' });
    await expect(tiles.getByRole('link', { name: hidden.displayName, exact: true })).toBeVisible();
    await expect(tiles.getByRole('link', { name: shrunk.displayName, exact: true })).toHaveClass(
      /tile-large/,
    );

    await page.getByRole('button', { name: 'Edit tiles' }).click();
    const shownSwitch = page.getByRole('switch', { name: `${hidden.displayName}: Shown`, exact: true });
    await expect(shownSwitch).toBeChecked();
    await shownSwitch.click();
    await expect(shownSwitch).not.toBeChecked();
    const largeSwitch = page.getByRole('switch', { name: `${shrunk.displayName}: Large`, exact: true });
    await expect(largeSwitch).toBeChecked();
    await largeSwitch.click();
    await expect(largeSwitch).not.toBeChecked();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Success');

    const expectEdited = async () => {
      await expect(tiles).toBeVisible();
      await expect(tiles.getByRole('link', { name: hidden.displayName, exact: true })).toHaveCount(0);
      await expect(tiles.getByRole('link', { name: shrunk.displayName, exact: true })).toHaveClass(
        /tile-small/,
      );
    };
    await expectEdited();
    // The server holds it: without the local start-up cache a reload shows the same.
    await page.evaluate((key) => localStorage.removeItem(key), SESSION_CACHE_KEY);
    await page.reload();
    await expectEdited();
    const saved = await (await apiAs(page)).get<Tile[]>('/api/UserTiles/MyTilesInfo');
    expect(saved.find((tile) => tile.tileId === hidden.tileId)?.isDisplayed).toBe(false);
    expect(saved.find((tile) => tile.tileId === shrunk.tileId)?.isSmallTile).toBe(true);
  });
});

test('a 4th shortcut shows the warning and the top bar keeps 3 (the first in tile order)', async ({
  page,
}) => {
  await withOriginalTiles(page, async (original) => {
    // Start from exactly 3 shortcuts: the first 3 shown tiles.
    const shown = original.filter((tile) => tile.isDisplayed);
    if (shown.length < 4) throw new Error('user 103 needs 4 shown tiles');
    const firstThree = new Set(shown.slice(0, 3).map((tile) => tile.tileId));
    const start = original.map((tile) => ({ ...tile, hasShortcut: firstThree.has(tile.tileId) }));
    await (await apiAs(page)).post('/api/UserTiles/SaveMyTilesInfo', save(start));
    const fourth = shown[3];

    await page.goto('/new-home');
    const shortcuts = page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('button');
    await expect(shortcuts).toHaveCount(3);

    await page.getByRole('button', { name: 'Edit tiles' }).click();
    const shortcutSwitch = page.getByRole('switch', { name: `${fourth.displayName}: Shortcut`, exact: true });
    await shortcutSwitch.click();
    await expect(shortcutSwitch).toBeChecked();
    await expectToast(page, SHORTCUT_LIMIT_TEXT);

    // Moving the 4th to the top makes it one of the first 3; the old 3rd drops out of the bar.
    for (let i = 0; i < 3; i++)
      await page.getByRole('button', { name: `Move ${fourth.displayName} up`, exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Success');
    await expect(shortcuts).toHaveCount(3);
    const expected = [fourth, shown[0], shown[1]].map((tile) => tile.displayName);
    for (const [i, name] of expected.entries()) await expect(shortcuts.nth(i)).toHaveAccessibleName(name);

    // The server keeps all 4 flags; the bar shows only 3.
    const saved = await (await apiAs(page)).get<Tile[]>('/api/UserTiles/MyTilesInfo');
    expect(saved.filter((tile) => tile.isDisplayed && tile.hasShortcut)).toHaveLength(4);
    await page.reload();
    await expect(shortcuts).toHaveCount(3);
  });
});
