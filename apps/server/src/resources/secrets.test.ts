import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.js';
import type { App } from '../app.js';
import { decryptSecret, encryptSecret, openSecret, reencryptStoredSecrets } from './secrets.js';

const KEY = 'k'.repeat(40);
const PEPPER = 'the-old-pepper';

describe('stored secrets: SECRETS_KEY, with the pepper as the older key (issue #16)', () => {
  it('opens a value with the current key, falls back to older keys, and refuses a wrong or damaged one', () => {
    const fresh = encryptSecret('smtp-pass', KEY);
    const legacy = encryptSecret('smtp-pass', PEPPER);
    expect(decryptSecret(fresh, KEY, PEPPER)).toBe('smtp-pass');
    expect(decryptSecret(legacy, KEY, PEPPER)).toBe('smtp-pass');
    expect(openSecret(legacy, [KEY, PEPPER])?.keyIndex).toBe(1);
    expect(decryptSecret(legacy, KEY)).toBeUndefined();
    expect(decryptSecret(fresh, PEPPER)).toBeUndefined();
    expect(decryptSecret(`${fresh.slice(0, -2)}AA`, KEY)).toBeUndefined();
    expect(decryptSecret('plain text', KEY)).toBeUndefined();
  });

  describe('start-up re-encryption', () => {
    let app: App;
    const ids: number[] = [];
    const stored = async (id: number) =>
      (
        await app.deps.db.rows<{ v: string }>(
          sql`select password_secret as v from mailboxes where id = ${id}`,
        )
      )[0].v;

    beforeAll(async () => {
      app = await createTestApp();
      const tag = `S${Date.now()}`;
      const [brand] = await app.deps.db.rows<{ id: number }>(
        sql`insert into brands (name, short_name) values (${`Brand ${tag}`}, ${tag}) returning id`,
      );
      for (const value of [encryptSecret('old-pw', PEPPER), encryptSecret('new-pw', KEY), 'garbage']) {
        const [row] = await app.deps.db.rows<{ id: number }>(
          sql`insert into mailboxes (name, brand_id, smtp_server, port, account, from_email, password_secret)
              values (${tag}, ${brand.id}, 'smtp.example.com', 587, 'desk', 'desk@shop.example', ${value}) returning id`,
        );
        ids.push(row.id);
      }
    });
    afterAll(() => app.close());

    it('moves values only the pepper opens to SECRETS_KEY and leaves the rest', async () => {
      const before = await Promise.all(ids.map(stored));
      const result = await reencryptStoredSecrets(app.deps.db, { current: KEY, older: [PEPPER] });
      expect(result.moved).toBeGreaterThanOrEqual(1);
      expect(result.unreadable).toBeGreaterThanOrEqual(1);
      const after = await Promise.all(ids.map(stored));
      expect(after[0]).not.toBe(before[0]);
      expect(decryptSecret(after[0], KEY)).toBe('old-pw');
      expect(decryptSecret(after[0], PEPPER)).toBeUndefined();
      expect(after[1]).toBe(before[1]);
      expect(after[2]).toBe('garbage');
      // Run again: nothing left to move among ours.
      await reencryptStoredSecrets(app.deps.db, { current: KEY, older: [PEPPER] });
      expect(await Promise.all(ids.map(stored))).toEqual(after);
    });
  });
});
