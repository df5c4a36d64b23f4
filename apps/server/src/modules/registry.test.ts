import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REGISTRY } from './index.js';

// The composition root (docs/architecture-boundaries.md): modules/index.ts is the one list of route
// registrations; each area's index.ts exports one register(app), and no route file registers another's.
const here = path.dirname(fileURLToPath(import.meta.url));
const areas = fs
  .readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(full);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('composition root', () => {
  it('every area has an index.ts with register(app), listed once in the registry', async () => {
    for (const area of areas) {
      const mod = await import(/* @vite-ignore */ pathToFileURL(path.join(here, area, 'index.ts')).href);
      expect(typeof mod.register, area).toBe('function');
      expect(
        REGISTRY.filter((r) => r.register === mod.register).map((r) => r.name),
        area,
      ).toEqual([area]);
    }
    const names = REGISTRY.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    // Besides the areas: the shared routes of declared admin lists, stored files and jobs.
    expect(names.filter((n) => !areas.includes(n)).sort()).toEqual(['files', 'jobs', 'resources']);
  });

  it("no route file calls another route file's registration: only an area's index.ts does", () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(here)) {
      if (path.basename(file) === 'index.ts') continue;
      const text = fs.readFileSync(file, 'utf8');
      // A call such as `invoiceLockRoutes(app)`, not the declaration `function invoiceLockRoutes(app: App)`.
      for (const m of text.matchAll(/(?<!function\s+)\b[a-z]\w*Routes\s*\(\s*app\b/g)) {
        offenders.push(`${path.relative(here, file)}: ${m[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
