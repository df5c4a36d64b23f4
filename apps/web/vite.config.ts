import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { theme } from './src/theme';
import { tokenVars } from './src/ui/theme-token-vars';
import { phoneDayChunks } from './vite-phone-chunks';

// The server (apps/server) serves the built files from apps/web/dist; in dev, Vite proxies the API and
// the real-time socket to it so the browser sees one origin, as in production.
const server = 'http://localhost:3000';

/**
 * The theme's tokens as CSS custom properties in index.html (`:root { --gs-color-primary: … }`), computed
 * here from theme.ts with antd's own algorithm: the sign-in page (no antd, features/login/login-screen.tsx)
 * is drawn in the theme's colours before any script runs, and the app's ThemeVars later writes the same values.
 */
function themeVarsInHtml(): Plugin {
  const antd = createRequire(import.meta.url)('antd') as typeof import('antd');
  const vars = tokenVars(antd.theme.getDesignToken(theme) as never);
  const css = `:root{${Object.entries(vars)
    .map(([name, value]) => `${name}:${value.replace(/\s+/g, ' ')}`)
    .join(';')}}`;
  return {
    name: 'glass-theme-vars',
    transformIndexHtml: () => [
      { tag: 'style', attrs: { id: 'gs-theme-vars' }, children: css, injectTo: 'head' },
    ],
  };
}

/**
 * antd's component styles as a stylesheet built here (`import 'virtual:antd-styles.css'` in app.tsx), rendered
 * with theme.ts by @ant-design/static-style-extract. The stylesheet ends with antd's map of the style paths it
 * holds; antd's css-in-js reads that map when the app starts and skips computing and inserting those styles,
 * which was most of the app's start-up time on a phone (decision 0026). A style the file lacks (another theme,
 * a component part the extraction did not render) is still computed at run time as before.
 */
/**
 * The antd components the app's sources import (`import { Button, Table } from 'antd'`), plus the toasts'
 * message and notification, and the parts other components draw (a table's empty state, pagination and check
 * boxes, a select's spinner): the extraction renders these only, as a component outside the app may carry
 * styles that do not compile (Tour's).
 */
const NOT_DRAWN = new Set(['ConfigProvider', 'Grid']);

function antdComponentsUsed(antd: Record<string, unknown>): string[] {
  const names = new Set(['message', 'notification', 'Empty', 'Pagination', 'Checkbox', 'Spin', 'Popover']);
  const source = fileURLToPath(new URL('./src', import.meta.url));
  for (const file of readdirSync(source, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || file.includes('.test.')) continue;
    for (const m of readFileSync(path.join(source, file), 'utf8').matchAll(
      /import \{([^}]*)\} from 'antd'/g,
    )) {
      for (const part of m[1].split(',')) {
        const name = part.trim().replace(/^type\s+/, '');
        const value = antd[name];
        // Components (functions, or objects like Form and Grid's hooks); not the provider nor Grid itself.
        if (/^[A-Z]/.test(name) && !NOT_DRAWN.has(name) && value && typeof value !== 'string')
          names.add(name);
      }
    }
  }
  return [...names].sort();
}

/**
 * The components the installer's day draws in the phone shell before its first stop shows (phone-app.tsx,
 * decision 0034): `virtual:antd-day-styles.css` holds these only (14 KB Brotli against 57), so a phone opening
 * /my-appointments is not charged the office's styles before the day paints. The phone's later sheet
 * (`PHONE_LATER_SHEET` below) adds what the phone shell draws after it (the status dialog, the toasts: only those,
 * with a map naming both sheets' styles): fetched once the day is drawn, applied when first needed. A
 * component missing from both still works: antd computes its styles at run time, as before decision 0026.
 */
const PHONE_DAY_COMPONENTS = ['Alert', 'Button', 'Card', 'Empty', 'Skeleton', 'Space', 'Spin', 'Tabs', 'Tag'];
// Row and Col: the form's items are laid out on antd's grid (87 KB of styles computed on the phone otherwise).
const PHONE_LATER_COMPONENTS = ['Col', 'Form', 'Input', 'Modal', 'Row', 'Select', 'message', 'notification'];

/** antd's map of the style paths a stylesheet holds: its last rule, `.data-ant-cssinjs-cache-path{content:"…"}`. */
const STYLE_MAP = /\.data-ant-cssinjs-cache-path\s*\{\s*content\s*:\s*"([^"]*)"\s*;?\s*\}/;

/**
 * The phone shell's later sheet as a file of its own, not a stylesheet import: `virtual:antd-phone-later-sheet?url`
 * is its address (decision 0041). The phone fetches it once the day is drawn, so the service worker keeps it, and
 * applies it only when the status dialog first opens or a toast first shows (src/phone-later-styles.ts): parsing and
 * applying 320 KB of styles right after the paint was one of the long tasks Lighthouse counted (issue #34). It is
 * the later components' styles, with a map naming both phone sheets' styles (antd reads one map: the last such rule
 * wins), then our corrections of antd's styles again (`antd-overrides.css`, which must come after antd's).
 */
const PHONE_LATER_SHEET = 'virtual:antd-phone-later-sheet?url';
/** Where the dev server answers with the later sheet (the build emits it to assets/ instead). */
const PHONE_LATER_SHEET_DEV = '/@antd-phone-later-sheet.css';
const IMPORTED = new Set(['virtual:antd-styles.css', 'virtual:antd-day-styles.css']);

function antdStyleSheet(): Plugin {
  const ids: Record<string, (antd: typeof import('antd')) => string[]> = {
    'virtual:antd-styles.css': antdComponentsUsed,
    'virtual:antd-day-styles.css': () => PHONE_DAY_COMPONENTS,
    'virtual:antd-phone-styles.css': () => PHONE_LATER_COMPONENTS,
  };
  const css = new Map<string, string>();
  const extract = (id: string) => {
    let text = css.get(id);
    if (text === undefined) {
      const require = createRequire(import.meta.url);
      const { extractStyle } =
        require('@ant-design/static-style-extract') as typeof import('@ant-design/static-style-extract');
      const { createElement } = require('react') as typeof import('react');
      const antd = require('antd') as typeof import('antd');
      text = extractStyle({
        customTheme: (node) => createElement(antd.ConfigProvider, { theme }, node),
        includes: ids[id](antd),
      });
      css.set(id, text);
    }
    return text;
  };
  // The phone shell's later sheet adds only the later components' styles to the day's sheet, which stays; but antd
  // reads one map (the last such rule wins), so its map names the day's styles too. It used to hold the day's styles
  // again as well: 83 KB more for a phone to parse and apply (issue #34).
  const phoneLater = () => {
    const day = extract('virtual:antd-day-styles.css').match(STYLE_MAP)?.[1];
    const later = extract('virtual:antd-phone-styles.css');
    const own = later.match(STYLE_MAP)?.[1];
    if (day === undefined || own === undefined)
      throw new Error('antd style map not found in the extracted styles');
    const union = [...new Set([...day.split(';'), ...own.split(';')])].filter(Boolean).join(';');
    const overrides = readFileSync(
      fileURLToPath(new URL('./src/antd-overrides.css', import.meta.url)),
      'utf8',
    );
    return `${later.replace(STYLE_MAP, `.data-ant-cssinjs-cache-path{content:"${union}"}`)}\n${overrides}`;
  };
  let serving = false;
  return {
    name: 'glass-antd-styles',
    // Before Vite's own plugins, which would take the later sheet's `?url` for a file's.
    enforce: 'pre',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    configureServer(server) {
      server.middlewares.use(PHONE_LATER_SHEET_DEV, (_req, res) => {
        res.setHeader('content-type', 'text/css');
        res.end(phoneLater());
      });
    },
    // The later components' extraction alone is not imported: the phone's later sheet is (with its map).
    resolveId: (source) => (IMPORTED.has(source) || source === PHONE_LATER_SHEET ? `\0${source}` : undefined),
    load(source) {
      const id = source.startsWith('\0') ? source.slice(1) : '';
      if (id === PHONE_LATER_SHEET) {
        if (serving) return `export default ${JSON.stringify(PHONE_LATER_SHEET_DEV)};`;
        const ref = this.emitFile({ type: 'asset', name: 'phone-later-styles.css', source: phoneLater() });
        return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
      }
      return IMPORTED.has(id) ? extract(id) : undefined;
    },
  };
}

export default defineConfig({
  plugins: [react(), themeVarsInHtml(), antdStyleSheet()],
  resolve: {
    alias: [
      // antd's ConfigProvider (on the first screen) imports the tooltip UniqueProvider only for
      // `tooltip.unique`; src/shell/tooltip-unique-provider.tsx loads the real one on first use instead.
      {
        find: /^\.\.\/tooltip\/UniqueProvider$/,
        replacement: fileURLToPath(new URL('./src/shell/tooltip-unique-provider.tsx', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/socket.io': { target: server, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Gzipped first-screen JS is budgeted separately (see README); raw chunk size only warns past antd's core.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Reference lists only forms need (the 50 states, setting values) stay out of the first screen's chunks.
        advancedChunks: {
          groups: [
            { name: 'reference-lists', test: /packages[\\/]domain[\\/]src[\\/](us-states|lists)\.ts$/ },
            // Named vendor chunks every screen loads first, so the budget's list of costs reads plainly
            // (react-dom/server, should a lazy screen ever use it, stays out of the first screen).
            {
              name: 'react-dom',
              test: /node_modules[\\/](react[\\/]|react-dom[\\/](?!server)|scheduler[\\/])/,
            },
            { name: 'react-router', test: /node_modules[\\/]react-router(-dom)?[\\/]/ },
            // The installer's day before its first stop in three chunks (vite-phone-chunks.ts, decision 0038).
            {
              name: phoneDayChunks(fileURLToPath(new URL('./src/', import.meta.url))),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      treeshake: {
        // antd's Input reaches @rc-component/form through its form context; that package does not declare
        // itself side-effect free, so without this every screen with an input ships the whole form engine.
        moduleSideEffects: [
          { test: /node_modules[\\/]@rc-component[\\/](form|async-validator)[\\/]/, sideEffects: false },
        ],
      },
    },
  },
});
