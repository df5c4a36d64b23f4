import { expect, runtimeComponentStyles, test } from './fixtures';

/*
 * antd's component styles come from the stylesheet built with the app (vite.config.ts `antdStyleSheet`,
 * decision 0026): antd's css-in-js finds each style in the file's map and neither computes nor inserts it. If the
 * file went missing, or its theme drifted from theme.ts, every component would again insert its own <style>
 * tag at run time (correct, but the start-up cost on a phone comes back): this counts them on busy screens.
 */
test('antd draws the home screen and the invoice list from the built stylesheet', async ({ page }) => {
  await page.goto('/new-home');
  await expect(page.getByRole('navigation', { name: 'Tiles' })).toBeVisible();
  await page.goto('/invoices');
  await expect(page.getByRole('table').first()).toBeVisible();
  // Without the file this screen inserts more than ten (a style per component); with it, an effect style or two.
  expect(await runtimeComponentStyles(page)).toBeLessThanOrEqual(2);
  // The file's map was read: a button rendered from it carries antd's hashed class and its styles apply.
  const button = page.getByRole('button').first();
  await expect(button).toHaveCSS('cursor', 'pointer');
});
