import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/**
 * Write-only secrets the server must read back (SMTP passwords of mailboxes): AES-256-GCM with a
 * key derived from SECRETS_KEY (config.secretsKey), so a copy of the database alone does not reveal
 * them. Format: `aesgcm:v1:<iv>.<tag>.<ciphertext>` (base64url).
 *
 * Migration path: values written before SECRETS_KEY existed were encrypted with a key derived from the
 * password pepper. decryptSecret tries the current key first and then the older ones (the GCM tag tells
 * a wrong key); every write encrypts with the current key, and reencryptStoredSecrets moves the old
 * values over at start-up, so the pepper stops being a key of stored data.
 */
const PREFIX = 'aesgcm:v1:';

const keyOf = (pepper: string) =>
  Buffer.from(hkdfSync('sha256', pepper, 'glass-secrets', 'stored-secret-v1', 32));

export function encryptSecret(plain: string, pepper: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(pepper), iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + [iv, cipher.getAuthTag(), ct].map((b) => b.toString('base64url')).join('.');
}

/**
 * The plain secret, or undefined when the value is not ours, was tampered with, or none of the keys
 * (the current one first, then older ones) opens it.
 */
export function decryptSecret(
  stored: string | null | undefined,
  key: string,
  ...olderKeys: string[]
): string | undefined {
  return openSecret(stored, [key, ...olderKeys])?.plain;
}

/** The plain secret and the index of the key that opened it (0 = current). */
export function openSecret(
  stored: string | null | undefined,
  keys: string[],
): { plain: string; keyIndex: number } | undefined {
  for (const [keyIndex, key] of keys.entries()) {
    const plain = decryptWith(stored, key);
    if (plain !== undefined) return { plain, keyIndex };
  }
  return undefined;
}

function decryptWith(stored: string | null | undefined, pepper: string): string | undefined {
  if (!stored?.startsWith(PREFIX)) return undefined;
  const [iv, tag, ct] = stored
    .slice(PREFIX.length)
    .split('.')
    .map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !ct) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(pepper), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ct), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** Columns that hold stored secrets: table → column. */
const SECRET_COLUMNS: { table: string; column: string }[] = [
  { table: 'mailboxes', column: 'password_secret' },
];

/**
 * Start-up pass: every stored secret that only an older key opens is re-encrypted with the current key
 * (SECRETS_KEY). Returns how many were moved; values no key opens are left as they are (and logged by
 * the caller), since the server cannot tell a foreign value from a damaged one.
 */
export async function reencryptStoredSecrets(
  db: Pick<Database, 'rows'>,
  keys: { current: string; older: string[] },
): Promise<{ moved: number; unreadable: number }> {
  let moved = 0;
  let unreadable = 0;
  for (const { table, column } of SECRET_COLUMNS) {
    const rows = await db.rows<{ id: number; value: string }>(
      sql`select id, ${sql.identifier(column)} as value from ${sql.identifier(table)}
          where ${sql.identifier(column)} is not null and ${sql.identifier(column)} <> ''`,
    );
    for (const row of rows) {
      const opened = openSecret(row.value, [keys.current, ...keys.older]);
      if (!opened) unreadable++;
      else if (opened.keyIndex > 0) {
        // Only if nobody changed it meanwhile: a concurrent write already used the current key.
        await db.rows(
          sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${encryptSecret(opened.plain, keys.current)}
              where id = ${row.id} and ${sql.identifier(column)} = ${row.value}`,
        );
        moved++;
      }
    }
  }
  return { moved, unreadable };
}
