import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type SvTestContext, svTestContext } from './test-helpers.js';

let t: SvTestContext;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await svTestContext();
  api = client(t.app);
});
afterAll(() => t.app.close());

const TABS = ['My Pipeline', 'My Requests', 'My Service Vehicles'];
type Attribute = { attributeNameId: number; name: string; value: string; values: string[] };
const read = async (page: string, token: string): Promise<Attribute[]> =>
  (await api.get(`/api/attributevalues?Page=${encodeURIComponent(page)}&RecordId=0`, token)).json();
const save = (page: string, token: string, attributeNameId: number, value: string) =>
  api.post('/api/attributevalues', token, { page, recordId: 0, values: [{ attributeNameId, value }] });

describe('the repairs and replacements switches of the My tabs (page attributes)', () => {
  it('every tab has its own Repairs and Replacements, YES or NO', async () => {
    for (const page of TABS) {
      const list = await read(page, t.manager);
      expect(list.map((a) => a.name)).toEqual(['Repairs', 'Replacements']);
      for (const a of list) expect(a.values).toEqual(['YES', 'NO']);
    }
    const ids = (await Promise.all(TABS.map((p) => read(p, t.manager)))).flat().map((a) => a.attributeNameId);
    expect(new Set(ids).size).toBe(6);
  });

  it('a toggle is saved for that tab and user only, and read back', async () => {
    const [repairs, replacements] = await read('My Service Vehicles', t.manager);
    const before = replacements.value;
    const next = before === 'NO' ? 'YES' : 'NO';
    try {
      const res = await save('My Service Vehicles', t.manager, replacements.attributeNameId, next);
      expect(res.statusCode, res.body).toBe(200);
      const mine = await read('My Service Vehicles', t.manager);
      expect(mine.find((a) => a.name === 'Replacements')?.value).toBe(next);
      expect(mine.find((a) => a.name === 'Repairs')?.value).toBe(repairs.value);
      // Another tab's attribute is refused on this page.
      const requests = await read('My Requests', t.manager);
      const wrongPage = await save('My Service Vehicles', t.manager, requests[1].attributeNameId, 'NO');
      expect(wrongPage.statusCode).toBe(400);
      expect(Object.keys(wrongPage.json().errors)).toEqual(['values.0.attributeNameId']);
      const bad = await save('My Service Vehicles', t.manager, replacements.attributeNameId, 'no');
      expect(bad.statusCode).toBe(400);
      expect((await read('My Service Vehicles', t.manager))[1].value).toBe(next);
    } finally {
      await save('My Service Vehicles', t.manager, replacements.attributeNameId, before);
    }
  });
});
