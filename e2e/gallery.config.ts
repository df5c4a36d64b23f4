import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The screenshot gallery (`npm run gallery`, #15 item 7): every route at 1280×800 and 375×812, with the
 * seeded demo data and with empty lists, into ../gallery (gitignored) with an index.html. Not part of
 * `npm test` or CI: it takes several minutes. Same server and browser as the end-to-end tests.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'gallery.spec.ts',
  outputDir: './test-results/gallery',
  timeout: 20 * 60_000,
  retries: 0,
});
