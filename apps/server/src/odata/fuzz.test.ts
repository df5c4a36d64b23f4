import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileODataQuery } from './compile.js';
import { anyText, MARK, structuredFilter, tokenSoup } from './fuzz-arbitraries.js';
import { expand, orderBy, select } from './fuzz-option-arbitraries.js';
import { dbQuery } from './fuzz-typed-arbitraries.js';
import { ODataError } from './odata-error.js';
import { renderSql } from './render-sql.js';
import { openTestDb, parents, type TestDb } from './test-fixtures.js';

/** Compiles, asserting the only failure is an ODataError and no user text reaches the SQL. */
function tryCompile(query: Record<string, unknown>) {
  try {
    const compiled = compileODataQuery(parents, query);
    for (const q of [compiled.dataSql, compiled.countSql]) {
      if (!q) continue;
      const text = renderSql(q).sql;
      expect(text).not.toContain(MARK);
      expect(text.toLowerCase()).not.toContain('drop table');
    }
    return compiled;
  } catch (e) {
    if (!(e instanceof ODataError)) throw e;
    expect(e.message.length).toBeGreaterThan(0);
    expect(e.field).toMatch(/^\$(filter|orderby|top|skip|count|select|expand|search|format)$/);
    expect([400, 501]).toContain(e.status);
    return undefined;
  }
}

const anyFilter = fc.oneof(structuredFilter, tokenSoup, anyText);

describe('hostile and random queries', () => {
  it('$filter compiles or throws ODataError, never leaking literals into SQL', () => {
    fc.assert(
      fc.property(anyFilter, (f) => void tryCompile({ $filter: f })),
      { numRuns: 3000 },
    );
  });

  it('$orderby, $select, $expand, $top, $skip and $count do the same', () => {
    const query = fc.record(
      {
        $orderby: orderBy,
        $select: select,
        $expand: expand,
        $top: fc.oneof(fc.nat().map(String), anyText),
        $skip: fc.oneof(fc.nat().map(String), anyText),
        $count: fc.constantFrom('true', 'false', 'TRUE', 'yes', ''),
        $search: fc.oneof(fc.constantFrom('ford', '"a b"', 'x OR y', '(', '"'), anyText),
        $format: fc.constantFrom('json', 'xml', 'application/json;odata.metadata=full', ''),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(query, (q) => void tryCompile(q)),
      { numRuns: 3000 },
    );
  });

  it('handles extreme inputs', () => {
    const extremes = [
      '('.repeat(5000),
      `${'('.repeat(2000)}id eq 1${')'.repeat(2000)}`,
      `${'not '.repeat(999)}active`,
      `id eq ${'9'.repeat(3990)}`,
      `id in (${Array.from({ length: 300 }, (_, i) => i).join(',')})`,
      "name eq '\u0000'",
      '\u0000',
      'ïd eq 1',
      `${'a'.repeat(5000)}`,
    ];
    for (const f of extremes) expect(tryCompile({ $filter: f })).toBeUndefined();
    expect(
      tryCompile({ $expand: `children(${'$expand=author('.repeat(500)}${')'.repeat(500)})` }),
    ).toBeUndefined();
    expect(tryCompile({ $select: `${'id,'.repeat(1000)}id` })).toBeDefined();
    expect(tryCompile({ $filter: `name eq '${"'".repeat(3990)}'` })).toBeDefined();
  });
});

describe('random queries against PGlite', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('every query that compiles runs without a database error', async () => {
    let ran = 0;
    await fc.assert(
      fc.asyncProperty(dbQuery, async (q) => {
        const compiled = tryCompile(q);
        if (!compiled) return;
        const [data] = await db.exec(compiled.dataSql);
        expect(Array.isArray(JSON.parse(String(data.json)))).toBe(true);
        if (compiled.countSql) await db.exec(compiled.countSql);
        ran++;
      }),
      { numRuns: 1000 },
    );
    // The generators must reach the database often enough for this test to mean something.
    expect(ran).toBeGreaterThan(500);
  });
});
