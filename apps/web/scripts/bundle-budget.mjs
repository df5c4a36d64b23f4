// Checks the first-screen script budget of the built app (run after `vite build`).
// A screen costs the entry (index.html's script and modulepreloads) plus its lazy chunk and every chunk
// those import statically — what the browser must fetch before the screen can render. Sizes are what the
// server really sends: the precompressed .br copy the build wrote (a browser accepting brotli gets it),
// else the .gz copy, else the file itself; the gzip size is printed beside it for clients without brotli.
// Under each screen it lists the ten chunks that cost it most, so whoever pushes it up sees where.
// Usage: node scripts/bundle-budget.mjs [dist directory, default ../dist]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
// The chunks a screen adds to the entry. /login is drawn by the entry alone (main.tsx shows the sign-in screen
// before loading the app); every other screen loads the app chunk (app.tsx: antd, router, query cache) first.
const SCREENS = {
  login: [],
  home: ['app', 'app-layout', 'root-home', 'home-tiles'],
};

const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
const assets = join(dist, 'assets');
const files = readdirSync(assets).filter((file) => file.endsWith('.js'));
const staticImports = (file) =>
  [
    ...readFileSync(join(assets, file), 'utf8').matchAll(
      /(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g,
    ),
  ].map((match) => match[1]);
const closure = (roots) => {
  const seen = new Set();
  const stack = [...roots];
  while (stack.length) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...staticImports(file));
  }
  return seen;
};
const gzipKb = (file) => gzipSync(readFileSync(join(assets, file))).length / 1024;
const sentKb = (file) => {
  for (const suffix of ['.br', '.gz', '']) {
    const copy = join(assets, file + suffix);
    if (existsSync(copy)) return statSync(copy).size / 1024;
  }
  return 0;
};
const precompressed = files.every(
  (file) => existsSync(join(assets, `${file}.br`)) || statSync(join(assets, file)).size < 1024,
);
if (!precompressed)
  console.warn('note: no .br copies beside the chunks (run `npm run build`); counting plain files');

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/assets\/([^"]+\.js)/g)].map((match) => match[1]);
let failed = false;
for (const [screen, prefixes] of Object.entries(SCREENS)) {
  // `<name>-<8-character hash>.js`: 'app' must not also match app-layout-….js.
  const roots = files.filter((file) =>
    prefixes.some((prefix) => new RegExp(`^${prefix}-[\\w-]{8}\\.js$`).test(file)),
  );
  if (roots.length < prefixes.length) {
    console.error(`${screen}: chunk not found for ${prefixes.join(', ')}`);
    failed = true;
    continue;
  }
  const chunks = closure([...entry, ...roots]);
  const sent = [...chunks].reduce((sum, file) => sum + sentKb(file), 0);
  const gzipped = [...chunks].reduce((sum, file) => sum + gzipKb(file), 0);
  const over = sent > BUDGET_KB || gzipped > BUDGET_KB;
  failed ||= over;
  console.log(
    `${over ? 'OVER' : 'ok  '} ${screen}: ${sent.toFixed(1)} KB JS sent (brotli), ${gzipped.toFixed(1)} KB gzipped, in ${chunks.size} files (budget ${BUDGET_KB} KB)`,
  );
  const top = [...chunks].map((file) => [file, sentKb(file)]).sort((a, b) => b[1] - a[1]);
  for (const [file, kb] of top.slice(0, 10))
    console.log(`       ${kb.toFixed(1).padStart(6)} KB  ${file}${entry.includes(file) ? ' (entry)' : ''}`);
}
const all = files.reduce((sum, file) => sum + sentKb(file), 0);
console.log(`     all chunks: ${all.toFixed(1)} KB JS sent (brotli) in ${files.length} files`);
process.exit(failed ? 1 : 0);
