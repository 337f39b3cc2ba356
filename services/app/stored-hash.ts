/**
 * Hashes of who a request came from (a client address's network, a holder), as the table keeps
 * them: keyed under a secret derived from the deployment's signing secret. An unkeyed hash of an
 * IPv4 address is no secret to whoever can read the table (2^32 tries recover it in minutes); a
 * keyed one is, while every process of a deployment (each Lambda instance, a test's second app over
 * one table) derives the same key from the same secret, so they still meet on one item.
 */
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { once } from './once.js';

/** The stored key for `value` under `purpose` ("limit|<kind>", "holder", "match"): 22 base64url characters (132 bits). */
export type StoredHash = (purpose: string, value: string) => Promise<string>;

/** Derives the hashing key from the signing secret (a string, or read on first use: AWS's Secrets Manager); none: a fresh one for this process. */
export function storedHash(secret: string | (() => Promise<string>) | undefined): StoredHash {
  const fixed = typeof secret === 'function' ? undefined : (secret ?? randomBytes(32).toString('base64url'));
  const read = typeof secret === 'function' ? secret : async () => fixed!;
  // Derived once per process; a failed read is forgotten, so the next request tries again.
  const keyOf = once(async () => Buffer.from(hkdfSync('sha256', await read(), 'parlor', 'stored address hashes', 32)));
  return async (purpose, value) => createHmac('sha256', await keyOf()).update(`${purpose}\0${value}`).digest('base64url').slice(0, 22);
}
