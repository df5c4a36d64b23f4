#!/usr/bin/env node
// House rule (issue #33 item 8): a source file over 300 lines says why in its opening comment, as a line
// `// Over 300 lines: <reason>` (or ` * Over 300 lines: <reason>` in its first doc comment) within its first
// 15 lines; a file that mixes concerns is split instead. Tests, generated data and the seed's data are exempt.
// Run by `npm run lint`; exit 1 lists the files without a reason.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/domain/src'];
const LIMIT = 300;
const REASON = /^\s*(\/\/|\*)\s*Over 300 lines: \S/;

function* sources(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'data') yield* sources(full);
    } else if (
      /\.(ts|tsx)$/.test(entry.name) &&
      !/\.test\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts')
    )
      yield full;
  }
}

const missing = [];
for (const r of ROOTS)
  for (const file of sources(path.join(root, r))) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const count = lines.length - (lines.at(-1) === '' ? 1 : 0);
    if (count > LIMIT && !lines.slice(0, 15).some((l) => REASON.test(l)))
      missing.push(`${path.relative(root, file)} (${count} lines)`);
  }
if (missing.length) {
  console.error(`Files over ${LIMIT} lines without "Over 300 lines: <reason>" in their opening comment:`);
  for (const m of missing) console.error(`  ${m}`);
  process.exit(1);
}
console.log(`file sizes: every source file over ${LIMIT} lines says why`);
