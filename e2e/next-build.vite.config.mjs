// "The next release" for tests/deploy-open-tab.spec.ts: the web app built from the same sources and
// configuration (apps/web/vite.config.ts), with every output file named differently, as a release whose code
// changed gets new hashes: once it is deployed, none of the chunks an open tab knows exist any more.
// Built with `vite build --config ../../e2e/next-build.vite.config.mjs --outDir DIR` from apps/web.
import web from '../apps/web/vite.config.ts';

const output = web.build?.rolldownOptions?.output ?? {};
export default {
  ...web,
  build: {
    ...web.build,
    rolldownOptions: {
      ...web.build?.rolldownOptions,
      output: {
        ...output,
        entryFileNames: 'assets/[name]-[hash]-next.js',
        chunkFileNames: 'assets/[name]-[hash]-next.js',
        assetFileNames: 'assets/[name]-[hash]-next[extname]',
      },
    },
  },
};
