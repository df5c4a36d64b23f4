import { createHash, randomBytes } from 'node:crypto';

/** 256-bit random bearer tokens; only their SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
