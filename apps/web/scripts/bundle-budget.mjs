// Checks the first-screen script budget of the built app (run after `vite build`).
// A screen costs the entry (index.html's script and modulepreloads) plus its lazy chunk and every chunk
// those import statically — what the browser must fetch before the screen can render.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
const SCREENS = {
  login: ['login-page'],
  home: ['app-layout', 'root-home', 'home-tiles'],
};

const dist = fileURLToPath(new URL('../dist', import.meta.url));
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

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/assets\/([^"]+\.js)/g)].map((match) => match[1]);
let failed = false;
for (const [screen, prefixes] of Object.entries(SCREENS)) {
  const roots = files.filter((file) => prefixes.some((prefix) => file.startsWith(`${prefix}-`)));
  if (roots.length < prefixes.length) {
    console.error(`${screen}: chunk not found for ${prefixes.join(', ')}`);
    failed = true;
    continue;
  }
  const chunks = closure([...entry, ...roots]);
  const total = [...chunks].reduce((sum, file) => sum + gzipKb(file), 0);
  const over = total > BUDGET_KB;
  failed ||= over;
  console.log(
    `${over ? 'OVER' : 'ok  '} ${screen}: ${total.toFixed(1)} KB gzipped JS in ${chunks.size} files (budget ${BUDGET_KB} KB)`,
  );
}
const all = files.reduce((sum, file) => sum + gzipKb(file), 0);
console.log(`     all chunks: ${all.toFixed(1)} KB gzipped JS in ${files.length} files`);
process.exit(failed ? 1 : 0);
