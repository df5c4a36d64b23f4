import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.js';

/**
 * Drizzle's migrator applies a journal entry only when its `when` is later than the newest migration a
 * database has recorded. Branches numbered in parallel land in any order, so the journal's order is the
 * order of landing and its `when`s must grow along it; otherwise a database migrated before the landing
 * would skip the late one for ever.
 */
describe('the migration journal', () => {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  const entries: { tag: string; when: number }[] = journal.entries;

  it('grows its timestamps along its order', () => {
    for (let k = 1; k < entries.length; k++) {
      expect(entries[k].when, `${entries[k].tag} after ${entries[k - 1].tag}`).toBeGreaterThan(
        entries[k - 1].when,
      );
    }
  });

  it('names every migration file once, and every file is in it', () => {
    const files = fs
      .readdirSync(migrationsFolder)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.replace(/\.sql$/, ''))
      .sort();
    expect([...entries.map((e) => e.tag)].sort()).toEqual(files);
  });
});
