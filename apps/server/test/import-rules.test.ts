import { describe, expect, it } from 'vitest';

// The import rules `npm run lint` checks (scripts/check-imports.mjs, docs/architecture-boundaries.md).
// The script is plain JavaScript outside the workspaces: loaded by URL so the type check does not follow it.
const script = new URL('../../../scripts/check-imports.mjs', import.meta.url).href;
type Checker = {
  brokenRules: (from: string, specifier: string, how?: { dynamic?: boolean }) => { name: string }[];
  checkImports: () => { files: number; violations: unknown[] };
};
const load = async () => (await import(script)) as Checker;

const broken = async (from: string, specifier: string, how?: { dynamic?: boolean }) =>
  (await load()).brokenRules(from, specifier, how).map((r) => r.name);

describe('import rules', () => {
  it('the code base keeps every rule today', async () => {
    const { files, violations } = (await load()).checkImports();
    expect(files).toBeGreaterThan(300);
    expect(violations).toEqual([]);
  });

  it('db imports nothing from the areas, not even their index', async () => {
    expect(await broken('apps/server/src/db/schema/x.ts', '../../modules/invoices/index.js')).toEqual([
      'db-no-modules',
    ]);
    expect(await broken('apps/server/src/db/client.ts', './unit-of-work.js')).toEqual([]);
  });

  it('a server area reaches another only through its index, however the path is spelled', async () => {
    const from = 'apps/server/src/modules/search/service.ts';
    for (const spec of [
      '../invoices/money.js',
      '../invoices/./money.js',
      '../invoices//money.js',
      '../../modules/invoices/money.js',
      '../invoices/index.js/../money.js',
      // An area's sub-folders are inside it: not front doors either.
      '../invoices/documents/pdf-render.js',
      '../invoices/workflow/index.js',
    ]) {
      expect(await broken(from, spec), spec).toEqual(['server-areas-through-index']);
    }
    expect(await broken(from, '../invoices/index.js')).toEqual([]);
    expect(await broken(from, '../invoices')).toEqual([]);
    expect(await broken(from, './routes.js')).toEqual([]);
    // Inside one area, its sub-folders import each other freely.
    expect(
      await broken('apps/server/src/modules/invoices/documents/send-service.ts', '../invoice-record.js'),
    ).toEqual([]);
    expect(
      await broken('apps/server/src/modules/invoices/records/parts-service.ts', '../workflow/workflow.js'),
    ).toEqual([]);
    // From outside the areas too (jobs/, files/, main.ts …).
    expect(await broken('apps/server/src/jobs/background.ts', '../modules/notify/sender.js')).toEqual([
      'server-areas-through-index',
    ]);
    expect(await broken('apps/server/src/jobs/background.ts', '../modules/notify/index.js')).toEqual([]);
  });

  it("tests may share another area's test-helpers.ts, production code may not", async () => {
    expect(
      await broken('apps/server/src/modules/alerts/alerts.test.ts', '../conversations/test-helpers.js'),
    ).toEqual([]);
    expect(
      await broken('apps/server/src/modules/alerts/service.ts', '../conversations/test-helpers.js'),
    ).toEqual(['server-areas-through-index']);
    expect(
      await broken('apps/server/src/modules/alerts/alerts.test.ts', '../conversations/writer.js'),
    ).toEqual(['server-areas-through-index']);
  });

  it('a web feature reaches a sibling only through its index', async () => {
    const from = 'apps/web/src/features/invoices/detail/detail-person.tsx';
    expect(await broken(from, '../../phone/phone-link')).toEqual(['web-features-through-index']);
    expect(await broken(from, '../../messaging/messaging.css')).toEqual(['web-features-through-index']);
    expect(await broken(from, '../../phone')).toEqual([]);
    expect(await broken(from, '../../phone/index')).toEqual([]);
    expect(await broken(from, './detail-form')).toEqual([]);
    // The router and shell load screens lazily by their own module (one chunk each): not a sibling.
    expect(await broken('apps/web/src/router.tsx', './features/invoices/detail/invoice-page')).toEqual([]);
  });

  it("the web's shared layers import no feature, not even its index", async () => {
    expect(await broken('apps/web/src/ui/section.tsx', '../features/phone')).toEqual([
      'web-shared-no-features',
    ]);
    expect(await broken('apps/web/src/query/query-keys.ts', '../features/invoices/invoice-api')).toEqual([
      'web-shared-no-features',
    ]);
    expect(await broken('apps/web/src/ui/section.tsx', './section.css')).toEqual([]);
  });

  it("the web's shell uses a feature only through its index, except a lazily loaded screen", async () => {
    const from = 'apps/web/src/shell/root-home.tsx';
    for (const spec of ['../features/employees/employees-page', '../features/phone-bridge/bridge']) {
      expect(await broken(from, spec), spec).toEqual(['web-shell-features-through-index']);
    }
    expect(await broken(from, '../features/phone-bridge')).toEqual([]);
    expect(await broken(from, '../features/phone-bridge/index')).toEqual([]);
    expect(await broken(from, './shell-context')).toEqual([]);
    // A screen or drawer loaded with import() is a chunk of its own, as the router loads screens.
    expect(await broken(from, '../features/messaging/messages-drawer', { dynamic: true })).toEqual([]);
  });

  it("the web's shared layers import nothing from the shell", async () => {
    expect(await broken('apps/web/src/ui/data-table.tsx', '../shell/use-narrow')).toEqual([
      'web-shared-no-shell',
    ]);
    expect(await broken('apps/web/src/query/use-write.ts', '../shell/document-title')).toEqual([
      'web-shared-no-shell',
    ]);
    expect(await broken('apps/web/src/api/use-session.ts', '../shell/last-path')).toEqual([
      'web-shared-no-shell',
    ]);
    expect(await broken('apps/web/src/ui/data-table.tsx', './use-narrow')).toEqual([]);
    // The shell sits on the shared layers.
    expect(await broken('apps/web/src/shell/top-bar.tsx', '../ui/use-narrow')).toEqual([]);
  });

  it('the domain imports nothing from apps/', async () => {
    expect(await broken('packages/domain/src/rules/x.ts', '../../../../apps/server/src/app-type.js')).toEqual(
      ['domain-no-apps'],
    );
    expect(await broken('packages/domain/src/rules/x.ts', '@glass/web/api/http')).toEqual(['domain-no-apps']);
    expect(await broken('packages/domain/src/rules/x.ts', 'zod')).toEqual([]);
  });
});
