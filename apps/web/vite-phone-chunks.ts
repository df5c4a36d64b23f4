import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Rolldown } from 'vite';

/**
 * The installer's day in the phone shell (phone-app.tsx, decision 0034) in a few chunks instead of about sixty
 * (decision 0038). Left to itself, the bundler cuts modules by the set of lazy screens sharing them, so the phone
 * shell's code before the first stop came in ~60 pieces of 1–5 KB (antd's Tabs, Card, Tag … and their rc-component
 * parts, antd's theme, our small modules), and a phone's network pays a round trip for each (Lighthouse, issue #34).
 *
 * The modules the phone shell reaches by static imports, except the entry's (main.tsx: /login and every first
 * load), go in three chunks:
 *   - `day-shared`: those the office's first screen reaches too (app.tsx and the home's chunks, as
 *     scripts/bundle-budget.mjs counts them: antd's core and theme, the query cache, the session);
 *   - `day-vendor`: the rest from node_modules (Tabs, Card, Tag, Alert, Skeleton, Input … and their parts): an
 *     office screen using one of them loads the others too, most of which office screens draw anyway;
 *   - `day-code`: the rest of our own code (the day's page, its stores, the phone's bar);
 * and a fourth, `day-later`: the packages the status dialog reaches (antd's Form, Modal, Select …), fetched once the
 * day is drawn, less the entry's and the office's first screen's (decision 0040).
 * The phone shell's module itself stays its own chunk (its start-up side effects run when it is loaded, never
 * because an office screen shares a chunk with it), and styles keep their place. The modules in these chunks run
 * when any screen sharing the chunk loads it: they must not act at load (the Route tab's preload is started by the
 * day's page, not by lazy-parts.tsx's loading).
 *
 * Reachability is read from the module graph before tree-shaking, with one correction: a name imported from a
 * package index that only re-exports (`import { Tabs } from 'antd'`; the package declares its scripts free of side
 * effects) leads to the module behind that name, not to the whole package. The office's first screen then loads
 * `day-shared` whole: what the reading over-reaches costs it bytes, which its budget (200 KB) checks.
 */
export function phoneDayChunks(srcDir: string): (id: string, ctx: Rolldown.ChunkingContext) => string | null {
  const phoneRoot = path.join(srcDir, 'phone-app.tsx');
  const officeRoots = [
    'main.tsx',
    'app.tsx',
    'shell/app-layout.tsx',
    'shell/root-home.tsx',
    'shell/home-tiles.tsx',
  ];
  const laterRoot = path.join(srcDir, 'features/installer-day/status-dialog.tsx');
  let sets: { phone: Set<string>; office: Set<string>; entry: Set<string>; later: Set<string> } | null = null;
  return (id, ctx) => {
    sets ??= {
      phone: reach(ctx, [phoneRoot]),
      entry: reach(ctx, [path.join(srcDir, 'main.tsx')]),
      office: reach(
        ctx,
        officeRoots.map((file) => path.join(srcDir, file)),
      ),
      later: reach(ctx, [laterRoot]),
    };
    if (id.startsWith('\0') || /\.css($|\?)/.test(id)) return null;
    const vendor = /[\\/]node_modules[\\/]/.test(id);
    if (id === phoneRoot || !sets.phone.has(id) || sets.entry.has(id)) {
      // The status dialog's packages (antd's Form, Modal, Select, Upload … and their parts), fetched once the day
      // is drawn: one chunk, not forty pieces (the office's first screen keeps its own).
      return vendor && sets.later.has(id) && !sets.office.has(id) && !sets.entry.has(id) ? 'day-later' : null;
    }
    if (sets.office.has(id)) return 'day-shared';
    return vendor ? 'day-vendor' : 'day-code';
  };
}

type Info = Rolldown.ModuleInfo;

const REEXPORT = /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const REEXPORT_ALL = /export\s*\*\s*from\s*["']([^"']+)["']/g;
const NAMED_IMPORT = /import\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const OTHER_IMPORT = /import\s*(?:\*\s*as\s*[\w$]+|[\w$]+)\s*from\s*["']([^"']+)["']/g;

/**
 * A module that re-exports others' exports (antd's index, @ant-design/icons') in a package declaring its scripts free
 * of side effects: importing a name from it runs only the module behind that name. Elsewhere (our own indexes,
 * packages without the declaration) importing it runs every module it re-exports that has side effects.
 */
function isBarrel(info: Info): boolean {
  return (
    (info.code?.match(/export\s*(?:\{[^}]*\}|\*)\s*from/g)?.length ?? 0) >= 3 &&
    scriptsFreeOfSideEffects(info.id)
  );
}

const packageFlags = new Map<string, boolean>();
function scriptsFreeOfSideEffects(id: string): boolean {
  const root = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(id)?.[1];
  if (!root) return false;
  let flag = packageFlags.get(root);
  if (flag === undefined) {
    const { sideEffects } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      sideEffects?: unknown;
    };
    flag =
      sideEffects === false ||
      (Array.isArray(sideEffects) && sideEffects.every((glob) => /\.(css|less|scss)$/.test(String(glob))));
    packageFlags.set(root, flag);
  }
  return flag;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The module that `specifier` (as written in the module `from`) names, among its imported ids. */
function resolveIn(from: Info, specifier: string): string | undefined {
  if (specifier.startsWith('.')) {
    const base = path.resolve(path.dirname(from.id), specifier);
    const file = new RegExp(`^${escapeRegExp(base)}(\\.[cm]?[jt]sx?|[\\\\/]index\\.[cm]?[jt]sx?)?$`);
    return from.importedIds.find((id) => file.test(id));
  }
  return from.importedIds.find((id) => id.includes(`/node_modules/${specifier}/`));
}

/** The modules a barrel re-exports from. */
function reExportTargets(barrel: Info): string[] {
  const code = barrel.code ?? '';
  return [...code.matchAll(REEXPORT), ...code.matchAll(REEXPORT_ALL)]
    .map((m) => resolveIn(barrel, m[2] ?? m[1]))
    .filter((id): id is string => id !== undefined);
}

/** The names the module `from` imports from the module `target` by `import { … }`; null when it imports it otherwise. */
function namedImports(from: Info, target: string): string[] | null {
  const code = from.code ?? '';
  for (const m of code.matchAll(OTHER_IMPORT)) if (resolveIn(from, m[1]) === target) return null;
  const names: string[] = [];
  for (const m of code.matchAll(NAMED_IMPORT)) {
    if (resolveIn(from, m[2]) !== target) continue;
    for (const part of m[1].split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  return names.length ? names : null;
}

/** The module behind the export `name` of `barrel`: the one it re-exports it from, or the barrel itself. */
function reExported(
  ctx: Rolldown.ChunkingContext,
  barrel: Info,
  name: string,
  depth = 0,
): string | undefined {
  const code = barrel.code ?? '';
  for (const m of code.matchAll(REEXPORT)) {
    const exported = m[1].split(',').map((part) =>
      part
        .trim()
        .split(/\s+as\s+/)
        .at(-1),
    );
    if (exported.includes(name)) return resolveIn(barrel, m[2]);
  }
  if (depth < 4)
    for (const m of code.matchAll(REEXPORT_ALL)) {
      const id = resolveIn(barrel, m[1]);
      const info = id ? ctx.getModuleInfo(id) : null;
      if (!info?.exports.includes(name)) continue;
      return isBarrel(info) ? (reExported(ctx, info, name, depth + 1) ?? info.id) : info.id;
    }
  return barrel.id;
}

/**
 * Every module reachable from `roots` by static imports. A barrel leads only to what is imported from it by name
 * (and to its own imports); imported whole (`import * as`, a default import), to everything it re-exports.
 */
function reach(ctx: Rolldown.ChunkingContext, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    const skipped = isBarrel(info) ? new Set(reExportTargets(info)) : new Set<string>();
    for (const target of info.importedIds) {
      if (skipped.has(target)) continue;
      const targetInfo = ctx.getModuleInfo(target);
      stack.push(target);
      if (!targetInfo || !isBarrel(targetInfo)) continue;
      const names = namedImports(info, target);
      if (!names) stack.push(...reExportTargets(targetInfo));
      else
        for (const name of names) {
          const found = reExported(ctx, targetInfo, name);
          if (found) stack.push(found);
        }
    }
  }
  return seen;
}
