/**
 * Seat tokens: `<gameId>.<seat>.<secret>`. Only the SHA-256 of a token is stored (in the
 * `SeatTaken` event, never shown); the readable prefix lets us tell a token for another
 * game (FORBIDDEN) from a forged or mistyped one (UNAUTHENTICATED) without a lookup.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../engine/core/index.js';
import { AppError } from './errors.js';

export function newToken(gameId: string, seat: number): { token: string; tokenHash: string } {
  const token = `${gameId}.${seat}.${randomBytes(24).toString('base64url')}`;
  return { token, tokenHash: sha256Hex(token) };
}

/**
 * A join key lets an anonymous player recover a seat whose answer was lost: the token is
 * derived from the key (which only the client knows and is never stored) with the server's seat
 * secret, so a retry with the same key finds the seat whose token hash matches and returns the
 * same token, and nobody without the secret can compute a token from a key they saw or guessed.
 */
export const JOIN_KEY = { min: 16, max: 100 };
/** Whitespace, control and format characters: 20 spaces or 16 NULs are not a secret, and a random key needs none. */
const NOT_IN_A_KEY = /[\s\p{Cc}\p{Cf}]/u;

export function tokenFromKey(secret: string, gameId: string, seat: number, joinKey: string): { token: string; tokenHash: string } {
  const token = `${gameId}.${seat}.${createHmac('sha256', secret).update(`parlor-join|${gameId}|${seat}|${joinKey}`).digest('base64url')}`;
  return { token, tokenHash: sha256Hex(token) };
}

/** The seat this join key already took, with its token; null if it took none. */
export function seatForKey(secret: string, gameId: string, joinKey: string, tokenHashes: readonly string[]): { seat: number; token: string } | null {
  if (joinKey.length < JOIN_KEY.min || joinKey.length > JOIN_KEY.max || NOT_IN_A_KEY.test(joinKey))
    throw new AppError('BAD_INPUT', `a joinKey has ${JOIN_KEY.min} to ${JOIN_KEY.max} visible characters, no whitespace or control characters (a random UUID is a good one)`);
  for (const [seat, hash] of tokenHashes.entries()) {
    const { token, tokenHash } = tokenFromKey(secret, gameId, seat, joinKey);
    if (sameHex(tokenHash, hash)) return { seat, token };
  }
  return null;
}

/** The seat a token opens in this game; throws UNAUTHENTICATED / FORBIDDEN. */
export function seatOf(token: string, gameId: string, tokenHashes: readonly string[]): number {
  const parts = token.split('.');
  if (parts.length !== 3) throw new AppError('UNAUTHENTICATED', 'malformed seat token');
  const [tokenGame, seatText] = parts as [string, string, string];
  if (tokenGame !== gameId) throw new AppError('FORBIDDEN', 'this token is for another game');
  const seat = Number(seatText);
  const expected = tokenHashes[seat];
  if (!Number.isInteger(seat) || expected === undefined || !sameHex(sha256Hex(token), expected)) {
    throw new AppError('UNAUTHENTICATED', 'invalid seat token');
  }
  return seat;
}

function sameHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** The seat secret derived from another server secret (the player-token signing key on AWS): one purpose per key. */
export const seatSecretFrom = (secret: string) => createHmac('sha256', secret).update('parlor seat tokens').digest('base64url');

/** The seat secret as the service reads it (ServiceOptions.seatSecret); none given: a fresh one for this process. */
export function seatSecretSource(given: string | (() => Promise<string>) | undefined): () => Promise<string> {
  if (typeof given === 'function') return given;
  const secret = given ?? randomBytes(32).toString('base64url');
  return async () => secret;
}
