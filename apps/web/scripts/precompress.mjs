// After `vite build`: writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text
// file of dist/ worth compressing. The server sends them to clients that accept them (@fastify/static
// preCompressed), so no byte of the web app is compressed per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// An optional argument names another build directory (e.g. `vite build --outDir /tmp/x`).
const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
const TEXT = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
  '.map',
]);
const MIN_BYTES = 1024;

const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );

let raw = 0;
let br = 0;
let gz = 0;
let count = 0;
for (const file of walk(dist)) {
  if (!TEXT.has(extname(file)) || statSync(file).size < MIN_BYTES) continue;
  const body = readFileSync(file);
  const brotli = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gzip = gzipSync(body, { level: 9 });
  // A compressed copy that saves nothing is not written; the server then sends the file itself.
  if (brotli.length < body.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < body.length) writeFileSync(`${file}.gz`, gzip);
  raw += body.length;
  br += brotli.length;
  gz += gzip.length;
  count++;
}
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(`precompressed ${count} files: ${kb(raw)} → ${kb(br)} brotli, ${kb(gz)} gzip`);
