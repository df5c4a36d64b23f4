import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Write-only secrets the server must read back (SMTP passwords of mailboxes): AES-256-GCM with a
 * key derived from the password pepper, so a copy of the database alone does not reveal them.
 * Format: `aesgcm:v1:<iv>.<tag>.<ciphertext>` (base64url).
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

/** The plain secret, or undefined when the value is not ours or was tampered with. */
export function decryptSecret(stored: string | null | undefined, pepper: string): string | undefined {
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
