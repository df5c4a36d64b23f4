import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { theme } from './src/theme';
import { tokenVars } from './src/ui/theme-token-vars';

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

export default defineConfig({
  plugins: [react(), themeVarsInHtml()],
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
