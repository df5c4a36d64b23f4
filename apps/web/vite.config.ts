import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server (apps/server) serves the built files from apps/web/dist; in dev, Vite proxies the API and
// the real-time socket to it so the browser sees one origin, as in production.
const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
