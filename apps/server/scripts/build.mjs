// Production build of the server (docs/decisions/0007-production-runtime.md): our own TypeScript (this
// app and the workspace packages such as @glass/domain, which ship as .ts source) is bundled by esbuild
// into dist/main.js; every other package stays an import resolved from node_modules at run time, and
// must be a runtime dependency (dist/imports.json lists them; a test checks it against package.json).
// The migrations are copied beside the bundle, where db/client.ts looks for them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
// `--outdir DIR` builds elsewhere (the build test does, inside apps/server so node_modules resolve).
const at = process.argv.indexOf('--outdir');
const dist = at > 0 ? path.resolve(process.argv[at + 1]) : path.join(root, 'dist');

/** Bare imports stay external, except the workspace's own TypeScript packages, which are bundled. */
const externals = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@glass/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

fs.rmSync(dist, { recursive: true, force: true });
const result = await build({
  entryPoints: {
    main: path.join(root, 'src/main.ts'),
    seed: path.join(root, 'src/db/seed/cli.ts'),
    setup: path.join(root, 'src/db/setup-cli.ts'),
  },
  outdir: dist,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [externals],
});
fs.cpSync(path.join(root, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });

const imports = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const imp of output.imports) if (imp.external) imports.add(imp.path);
}
fs.writeFileSync(path.join(dist, 'imports.json'), `${JSON.stringify([...imports].sort(), null, 2)}\n`);
const size = fs.statSync(path.join(dist, 'main.js')).size;
console.log(
  `server bundle: ${path.relative(root, dist)}/main.js (${(size / 1024).toFixed(0)} KB), ${imports.size} external imports`,
);
