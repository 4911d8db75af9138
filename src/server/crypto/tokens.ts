import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes (256 bits) as URL-safe text: sessions, verification and reset links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a database leak does not hand out live tokens. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
