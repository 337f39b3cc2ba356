/**
 * The app's events (app-events.ts) as zod schemas: the source of their published JSON Schema.
 * The compile-time checks below keep them equal to the interfaces.
 */
import { z } from 'zod';
import { sameType, type Same } from '../engine/core/same-type.js';
import type { AppEvent, ClockStopped, DealRevealed, DeadlineSet, GameCancelled, GameSettings, RematchCreated, SeatClaimed, SeatResigned, TimedOut } from './app-events.js';

const seat = z.number().int().min(0).describe('Seat number, from 0');
const iso = z.string().describe('ISO 8601 time');
const timeout = z.enum(['BOT', 'FORFEIT']).describe("BOT: a bot plays the seat's move; FORFEIT: a bot plays the seat to the end");

export const APP_EVENT_SCHEMAS = {
  GameSettings: z
    .object({
      type: z.literal('GameSettings'),
      creator: z.string().optional().describe('The registered player who created the game'),
      timeControl: z
        .union([z.object({ perMoveMs: z.number() }), z.object({ bankMs: z.number(), incrementMs: z.number() })])
        .optional()
        .describe('A per-move budget, or a bank that gains an increment per move'),
      onTimeout: timeout,
      bots: z.array(z.object({ seat, kind: z.string().describe('Bot kind and level, e.g. "random" or "search:2"') })).describe('Seats the server plays from creation on'),
      timeoutBot: z.string().optional().describe('The bot spec that plays a seat that timed out, resigned or forfeited (absent: the server default)'),
      autoAdvance: z.boolean().describe('The server plays steps whose only legal move is a formality'),
      multiSeat: z.boolean().describe('One registered player may hold several seats'),
      expiresAt: iso.optional().describe('When a game still waiting for players is cancelled'),
      rematchOf: z.string().optional().describe('The game this one is a rematch of'),
      tournament: z
        .object({ id: z.string(), round: z.number(), board: z.number(), table: z.number(), sealed: z.boolean().describe("The deal is shared with the board's other tables: seed and record wait for them") })
        .optional()
        .describe('The tournament, round, board and table this game belongs to'),
      seated: z.array(z.object({ seat, player: z.string(), name: z.string() })).optional().describe('Seats given to registered players at creation'),
    })
    .describe('Play-by-turn settings of the game, at creation'),
  SeatClaimed: z.object({ type: z.literal('SeatClaimed'), seat, player: z.string().describe('Registered player id'), bot: z.literal(true).optional().describe('The player is a bot run outside the server (a player of kind BOT)') }).describe('A registered player holds the seat'),
  DeadlineSet: z
    .object({ type: z.literal('DeadlineSet'), seat, deadline: iso.describe("When the seat's clock runs out"), remainingMs: z.number().describe('The time the seat had when its clock started') })
    .describe("The seat's clock started"),
  ClockStopped: z.object({ type: z.literal('ClockStopped'), seat, remainingMs: z.number() }).describe("The seat's clock stopped (it moved, or the game ended)"),
  TimedOut: z.object({ type: z.literal('TimedOut'), seat, deadline: iso, action: timeout, bot: z.string().optional().describe('The bot spec that played for the seat (absent in older games: random)') }).describe("The seat's time ran out"),
  SeatResigned: z.object({ type: z.literal('SeatResigned'), seat, bot: z.string().optional().describe('The bot spec that plays the seat from now on (absent in older games: random)') }).describe("The seat's player resigned: a bot plays it to the end"),
  GameCancelled: z.object({ type: z.literal('GameCancelled'), reason: z.enum(['cancelled', 'expired']) }).describe('The game was called off before it started (or a rematch withdrawn)'),
  RematchCreated: z.object({ type: z.literal('RematchCreated'), gameId: z.string() }).describe("The game's rematch"),
  DealRevealed: z.object({ type: z.literal('DealRevealed') }).describe("Every table of this tournament game's board has ended: its seed and record are public"),
} satisfies Record<AppEvent['type'], z.ZodType>;

type Checked<K extends AppEvent['type'], T> = Same<z.infer<(typeof APP_EVENT_SCHEMAS)[K]>, T>;
sameType<Checked<'GameSettings', GameSettings>>();
sameType<Checked<'SeatClaimed', SeatClaimed>>();
sameType<Checked<'DeadlineSet', DeadlineSet>>();
sameType<Checked<'ClockStopped', ClockStopped>>();
sameType<Checked<'TimedOut', TimedOut>>();
sameType<Checked<'SeatResigned', SeatResigned>>();
sameType<Checked<'GameCancelled', GameCancelled>>();
sameType<Checked<'RematchCreated', RematchCreated>>();
sameType<Checked<'DealRevealed', DealRevealed>>();
