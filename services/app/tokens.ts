/**
 * Seat tokens: `<gameId>.<seat>.<secret>`. Only the SHA-256 of a token is stored (in the
 * `SeatTaken` event, never shown); the readable prefix lets us tell a token for another
 * game (FORBIDDEN) from a forged or mistyped one (UNAUTHENTICATED) without a lookup.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../engine/core/index.js';
import { AppError } from './errors.js';

export function newToken(gameId: string, seat: number): { token: string; tokenHash: string } {
  const token = `${gameId}.${seat}.${randomBytes(24).toString('base64url')}`;
  return { token, tokenHash: sha256Hex(token) };
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
