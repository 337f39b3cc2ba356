/**
 * The table's events as a spectator (and the export) sees them, as zod schemas: the source of
 * their published JSON Schema. The compile-time checks below keep them equal to the interfaces.
 * Built on first use: only the published JSON Schema reads them, not a cold start.
 */
import { z } from 'zod';
import { sameType, type Same } from './same-type.js';
import type { GameCreated, GameEnded, SeatTaken } from './table.js';

function build() {
  const seat = z.number().int().min(0).describe('Seat number, from 0');

  return {
    GameCreated: z
      .object({
        type: z.literal('GameCreated'),
        game: z.string().describe('The game type id'),
        seats: z.number().int().describe('Seat count'),
        options: z.unknown().describe("The game's options, defaults filled in"),
        seedHash: z.string().describe('SHA-256 (hex) of the secret seed, published at creation'),
        seedFixed: z.boolean().describe('Whether the creator chose the seed (tests, tournaments)'),
        seed: z.string().optional().describe('The secret seed: only in the export of a finished game'),
      })
      .describe('A game was created'),
    SeatTaken: z
      .object({
        type: z.literal('SeatTaken'),
        seat,
        name: z.string().describe("The player's display name"),
        entropy: z.string().optional().describe("The player's public contribution to the deal's seed"),
      })
      .describe('A seat was taken; the game starts when the last one is'),
    GameEnded: z
      .object({
        type: z.literal('GameEnded'),
        result: z.object({ scores: z.array(z.number()).describe('Final totals by seat'), winners: z.array(seat).describe('Every seat sharing the win') }),
        seed: z.string().describe('The revealed seed'),
        stopped: z.literal(true).optional().describe('Ended where it stood before the rules ended it (a claim on a timed-out seat): the result is the standing then'),
      })
      .describe('The game ended: the result and the revealed seed'),
  };
}

let built: ReturnType<typeof build> | undefined;
/** The table's event schemas by type, built once. */
export const tableEventSchemas = () => (built ??= build());

type Spectated<T> = Omit<T, 'tokenHash'>;
sameType<Same<z.infer<ReturnType<typeof build>['GameCreated']>, GameCreated>>();
sameType<Same<z.infer<ReturnType<typeof build>['SeatTaken']>, Spectated<SeatTaken>>>();
sameType<Same<z.infer<ReturnType<typeof build>['GameEnded']>, GameEnded>>();
