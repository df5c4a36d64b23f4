#!/usr/bin/env node
// The import rules of the code base (docs/architecture-boundaries.md), checked on every `npm run lint`:
//   1. apps/server/src/db imports nothing from apps/server/src/modules;
//   2. server code uses an area (apps/server/src/modules/<b>) only through modules/<b>/index.ts, whether
//      from another area or from outside (jobs/, files/, main.ts …); test code may also use another
//      area's test-helpers.ts;
//   3. a web feature (apps/web/src/features/<a>/…) uses a sibling feature only through features/<b>/index.ts(x);
//   4. the web's shared layers (api/, query/, ui/) import nothing from features/;
//   5. the web's shell (apps/web/src/shell/…) uses a feature only through features/<b>/index.ts(x), except a
//      lazy `import()` of a screen module (a chunk of its own, as the router loads screens);
//   6. the web's shared layers (api/, query/, ui/) import nothing from shell/;
//   7. packages/domain imports nothing from apps/.
// Imports are read with the TypeScript compiler's pre-processor (static, type-only, re-exports and
// dynamic import() with a literal), resolved relative to the importing file. Exit 1 lists each violation.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|jsx)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', '.data']);

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Repository-relative, forward slashes. */
const rel = (abs) => path.relative(root, abs).split(path.sep).join('/');

/** `./x.js` written for `./x.ts`: the path the specifier names, without its extension or /index. */
function stem(p) {
  return p.replace(/\.(ts|tsx|mts|cts|js|mjs|jsx)$/, '');
}

/** The module a specifier names, as a repository-relative path without extension (null: a package). */
function target(from, specifier) {
  if (specifier.startsWith('.'))
    return stem(path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier)));
  if (specifier.startsWith('/')) return stem(rel(specifier));
  // Workspace packages by name: the web and server never name each other, but the domain must not name them.
  const m = /^@glass\/(server|web)(\/.*)?$/.exec(specifier);
  if (m) return `apps/${m[1]}/src${m[2] ?? ''}`;
  return null;
}

/** `features/<b>` or `features/<b>/index`: the folder's front door. */
const isIndex = (restAfterArea) => restAfterArea === '' || restAfterArea === '/index';

/** Test files and test helpers (never part of the server bundle). */
const isTestCode = (file) =>
  /\.test\.tsx?$/.test(file) || /(^|\/)test-helpers\.ts$/.test(file) || file.startsWith('apps/server/test/');

const rules = [
  {
    name: 'db-no-modules',
    text: 'apps/server/src/db imports nothing from apps/server/src/modules',
    check(from, to) {
      return from.startsWith('apps/server/src/db/') && to.startsWith('apps/server/src/modules/');
    },
  },
  {
    name: 'server-areas-through-index',
    text: 'server code uses an area (modules/<area>) only through its index.ts, from another area or from outside',
    check(from, to) {
      const a = /^apps\/server\/src\/modules\/([^/]+)\//.exec(from);
      const b = /^apps\/server\/src\/modules\/([^/]+)(\/.*)?$/.exec(to);
      if (!from.startsWith('apps/server/') || !b || (a && a[1] === b[1])) return false;
      // Test code may share another area's fixtures: its test-helpers.ts is the area's test front door.
      if (isTestCode(from) && b[2] === '/test-helpers') return false;
      return !isIndex(b[2] ?? '');
    },
  },
  {
    name: 'web-features-through-index',
    text: 'a web feature uses a sibling feature only through features/<feature>/index.ts',
    check(from, to) {
      const a = /^apps\/web\/src\/features\/([^/]+)\//.exec(from);
      const b = /^apps\/web\/src\/features\/([^/]+)(\/.*)?$/.exec(to);
      if (!a || !b || a[1] === b[1]) return false;
      return !isIndex(b[2] ?? '');
    },
  },
  {
    name: 'web-shared-no-features',
    text: "the web's shared layers (api/, query/, ui/) import nothing from features/",
    check(from, to) {
      return /^apps\/web\/src\/(api|query|ui)\//.test(from) && to.startsWith('apps/web/src/features/');
    },
  },
  {
    name: 'web-shell-features-through-index',
    text: "the web's shell uses a feature only through features/<feature>/index.ts (a lazy import() of a screen aside)",
    check(from, to, { dynamic }) {
      const b = /^apps\/web\/src\/features\/([^/]+)(\/.*)?$/.exec(to);
      if (!from.startsWith('apps/web/src/shell/') || !b || dynamic) return false;
      return !isIndex(b[2] ?? '');
    },
  },
  {
    name: 'web-shared-no-shell',
    text: "the web's shared layers (api/, query/, ui/) import nothing from shell/",
    check(from, to) {
      return /^apps\/web\/src\/(api|query|ui)\//.test(from) && to.startsWith('apps/web/src/shell/');
    },
  },
  {
    name: 'domain-no-apps',
    text: 'packages/domain imports nothing from apps/',
    check(from, to) {
      return from.startsWith('packages/domain/') && to.startsWith('apps/');
    },
  },
];

/**
 * The rules an import of `specifier` from the repository-relative file `from` breaks (empty: none).
 * `dynamic`: the import is an `import()` expression (a lazy chunk), not a static import or re-export.
 */
export function brokenRules(from, specifier, { dynamic = false } = {}) {
  const to = target(from, specifier);
  if (to == null) return [];
  return rules.filter((rule) => rule.check(from, to, { dynamic }));
}

/** Whether the specifier at `pos` of `text` is the argument of an `import(` expression. */
const isDynamicImport = (text, pos) => /\bimport\s*\(\s*$/.test(text.slice(Math.max(0, pos - 40), pos));

export function checkImports(files = null) {
  const list =
    files ??
    [
      path.join(root, 'apps/server/src'),
      path.join(root, 'apps/server/test'),
      path.join(root, 'apps/web/src'),
      path.join(root, 'packages/domain'),
    ].flatMap((d) => (fs.existsSync(d) ? walk(d) : []));
  const violations = [];
  for (const file of list) {
    const text = fs.readFileSync(file, 'utf8');
    const from = rel(file);
    for (const ref of ts.preProcessFile(text, true, true).importedFiles) {
      const dynamic = isDynamicImport(text, ref.pos);
      for (const rule of brokenRules(from, ref.fileName, { dynamic })) {
        const line = text.slice(0, ref.pos).split('\n').length;
        violations.push({ file: from, line, specifier: ref.fileName, rule: rule.name, text: rule.text });
      }
    }
  }
  return { files: list.length, violations };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const { files, violations } = checkImports();
  for (const v of violations) {
    console.error(`${v.file}:${v.line}  imports '${v.specifier}'  [${v.rule}: ${v.text}]`);
  }
  if (violations.length > 0) {
    console.error(
      `\n${violations.length} import rule violation(s) in ${files} files (docs/architecture-boundaries.md)`,
    );
    process.exit(1);
  }
  console.log(`import rules: ${files} files, no violations (${Date.now() - started} ms)`);
}
