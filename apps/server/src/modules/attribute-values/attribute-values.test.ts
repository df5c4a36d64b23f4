import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-type.js';
import { attributeValues, settingValueLists } from '@glass/domain/contracts';
import { auth, createTestApp, DEMO, login, parseAs } from '../../../test/harness.js';

let app: App;
let tech: string;
beforeAll(async () => {
  app = await createTestApp();
  tech = await login(app, DEMO.repairTech);
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  app.inject({ method, url, payload, headers: auth(token) });

describe('page attributes', () => {
  it('a tab has Repairs and Replacements, YES by default, saved per user', async () => {
    const list = parseAs(
      attributeValues,
      await call('GET', '/api/attributevalues?Page=My%20Pipeline&RecordId=0', tech),
    );
    expect(list.map((a: any) => [a.name, a.value])).toEqual([
      ['Repairs', 'YES'],
      ['Replacements', 'YES'],
    ]);
    expect(list[0].values).toEqual(['YES', 'NO']);
    const saved = await call('POST', '/api/attributevalues', tech, {
      page: 'My Pipeline',
      recordId: 0,
      values: [{ attributeNameId: list[1].attributeNameId, value: 'NO' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(parseAs(attributeValues, saved).find((a) => a.name === 'Replacements')?.value).toBe('NO');
    const other = await login(app, DEMO.leadTech);
    const theirs = parseAs(
      attributeValues,
      await call('GET', '/api/attributevalues?Page=My%20Pipeline&RecordId=0', other),
    );
    expect(theirs.find((a: any) => a.name === 'Replacements')?.value).toBe('YES');
  });

  it('refuses values outside the list and attributes of another page', async () => {
    const bad = await call('POST', '/api/attributevalues', tech, {
      page: 'My Pipeline',
      attributeNameId: 1,
      value: 'MAYBE',
    });
    expect(bad.statusCode).toBe(400);
    const wrong = await call('POST', '/api/attributevalues', tech, {
      page: 'My Pipeline',
      attributeNameId: 3,
      value: 'YES',
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('facility attributes read and write through the facility, needing facilities.write', async () => {
    const admin = await login(app, DEMO.admin);
    const list = parseAs(
      attributeValues,
      await call('GET', '/api/attributevalues?Page=Facility&RecordId=1', admin),
    );
    expect(list.find((a: any) => a.name === 'OpensAt')?.value).toBe('07:00');
    const res = await call('POST', '/api/attributevalues', admin, [
      { page: 'Facility', recordId: 1, attributeNameId: 13, value: '06:30' },
    ]);
    expect(parseAs(attributeValues, res).find((a) => a.name === 'OpensAt')?.value).toBe('06:30');
    expect(
      (
        await call('POST', '/api/attributevalues', tech, {
          page: 'Facility',
          recordId: 1,
          attributeNameId: 13,
          value: '1',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lists the setting value lists (1 and 3 YES/NO, 17 levels)', async () => {
    const lists = parseAs(settingValueLists, await call('GET', '/api/settingValueLists', tech));
    expect(lists.find((l) => l.id === 17)?.values).toEqual([
      'None',
      'Porter',
      'Low',
      'Medium',
      'High',
      'Master',
    ]);
    expect(lists.find((l) => l.id === 1)?.values).toEqual(['YES', 'NO']);
  });
});
