import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing: scrypt (OWASP: N=2^17, r=8, p=1) over HMAC-SHA256(pepper, pin).
 * The pepper is a server secret kept outside the database, so a stolen users table alone
 * does not let anyone try the million 6-digit PINs offline.
 * Stored format: scrypt$N$r$p$salt$hash (base64url).
 */
export interface HashOptions {
  pepper: string;
  cost: number;
}

const R = 8;
const P = 1;
const KEYLEN = 32;

function scryptAsync(secret: Buffer, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEYLEN, { N: n, r, p, maxmem: 256 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

const peppered = (pin: string, pepper: string) => createHmac('sha256', pepper).update(pin, 'utf8').digest();

export async function hashPassword(pin: string, opts: HashOptions): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(peppered(pin, opts.pepper), salt, opts.cost, R, P);
  return ['scrypt', opts.cost, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(pin: string, stored: string, opts: HashOptions): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(
    peppered(pin, opts.pepper),
    Buffer.from(salt, 'base64url'),
    Number(n),
    Number(r),
    Number(p),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to verify against when the user does not exist, so timing does not reveal user names. */
let dummy: Promise<string> | undefined;
export function dummyHash(opts: HashOptions): Promise<string> {
  dummy ??= hashPassword('000000', opts);
  return dummy;
}
