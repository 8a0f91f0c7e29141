import { createHash, randomBytes } from 'node:crypto';

/**
 * API token keys (decision 100): `ihk_` and 43 base64url characters of 32 random bytes (256 bits).
 * Only SHA-256 of the key is stored: a key this random cannot be guessed from its hash, so a slow
 * password hash would only slow every request down. The first characters are kept to tell keys apart.
 */
export const KEY_PREFIX = 'ihk_';
const SHOWN_PREFIX_LENGTH = KEY_PREFIX.length + 6;

export function newTokenKey(): { key: string; prefix: string; hash: string } {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, SHOWN_PREFIX_LENGTH), hash: hashTokenKey(key) };
}

export function hashTokenKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
