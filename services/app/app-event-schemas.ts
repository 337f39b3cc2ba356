/**
 * The app's events (app-events.ts) as zod schemas: the source of their published JSON Schema.
 * The compile-time checks below keep them equal to the interfaces. Built on first use: only the
 * published JSON Schema (gameTypes.events, docs) reads them, so a cold start does not build them.
 */
import { z } from 'zod';
import { sameType, type Same } from '../engine/core/same-type.js';
import type { AppEvent, ChatMuted, ClockPaused, ClockResumed, ClockStopped, DealRevealed, MessageSent, DeadlineSet, GameCancelled, GameSettings, RematchAnswered, RematchCreated, RematchExpired, RematchOffered, SeatClaimed, SeatResigned, TimedOut, TimeoutClaimClosed, TimeoutClaimed, TimeoutClaimOpened, MoveTakenBack } from './app-events.js';

function build() {
  const seat = z.number().int().min(0).describe('Seat number, from 0');
  const iso = z.string().describe('ISO 8601 time');
  /** Where a rated game's seat was taken from: keyed hashes the server keeps and never shows (linked seats). */
  const marks = z.object({ address: z.string().optional(), device: z.string().optional() }).optional().describe("Where the seat was taken from, keyed hashes (a rated game's linked seats); the server's alone, never in a history or record");
  const timeout = z.enum(['BOT', 'FORFEIT', 'ASK']).describe("BOT: a bot plays the seat's move; FORFEIT: a bot plays the seat to the end; ASK: the game waits for the other players' claim");

  return {
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
        spectatorChat: z.boolean().optional().describe("Spectators may read the game's messages"),
        rated: z.literal(true).optional().describe("The result changes the players' ratings (absent: casual)"),
        minMoves: z.number().int().min(0).optional().describe('A rated game: the fewest moves each registered player makes themself, else the game is aborted and unrated (absent: no minimum)'),
        linkedSeats: z.enum(['UNCOUNTED', 'COUNTED']).optional().describe('A rated game: whether it counts when two human seats share a client address or a device (absent: counted)'),
        requireRegistered: z.literal(true).optional().describe('Seats are taken with a player token only (absent: anyone may join)'),
        tournament: z
          .object({ id: z.string(), round: z.number(), board: z.number(), table: z.number(), sealed: z.boolean().describe("The deal is shared with the board's other tables: seed and record wait for them") })
          .optional()
          .describe('The tournament, round, board and table this game belongs to'),
        seated: z.array(z.object({ seat, player: z.string(), name: z.string(), marks })).optional().describe('Seats given to registered players at creation'),
        takeBack: z.boolean().optional().describe('Whether a seat may take its last move back (absent: yes unless rated or a tournament game)'),
      })
      .describe('Play-by-turn settings of the game, at creation'),
    SeatClaimed: z.object({ type: z.literal('SeatClaimed'), seat, player: z.string().describe('Registered player id'), bot: z.literal(true).optional().describe('The player is a bot run outside the server (a player of kind BOT)'), marks }).describe('A registered player holds the seat'),
    DeadlineSet: z
      .object({ type: z.literal('DeadlineSet'), seat, deadline: iso.describe("When the seat's clock runs out"), remainingMs: z.number().describe('The time the seat had when its clock started') })
      .describe("The seat's clock started"),
    ClockStopped: z.object({ type: z.literal('ClockStopped'), seat, remainingMs: z.number() }).describe("The seat's clock stopped (it moved, or the game ended)"),
    TimedOut: z.object({ type: z.literal('TimedOut'), seat, deadline: iso, action: timeout, bot: z.string().optional().describe('The bot spec that played for the seat (absent in older games: random)') }).describe("The seat's time ran out"),
    SeatResigned: z.object({ type: z.literal('SeatResigned'), seat, bot: z.string().optional().describe('The bot spec that plays the seat from now on (absent in older games: random)') }).describe("The seat's player resigned: a bot plays it to the end"),
    GameCancelled: z.object({ type: z.literal('GameCancelled'), reason: z.enum(['cancelled', 'expired']) }).describe('The game was called off before it started (or a rematch withdrawn)'),
    RematchCreated: z.object({ type: z.literal('RematchCreated'), gameId: z.string() }).describe("The game's rematch"),
    RematchOffered: z
      .object({
        type: z.literal('RematchOffered'),
        by: z.string().describe('The registered player who offered (their acceptance)'),
        players: z.array(z.string()).describe('Every former human player, who each answer'),
        expiresAt: iso.describe('When the offer lapses unanswered'),
        marks,
      })
      .describe('A rematch was offered to the former players'),
    RematchAnswered: z.object({ type: z.literal('RematchAnswered'), player: z.string(), accept: z.boolean(), marks }).describe('A former player accepted or declined the rematch'),
    RematchExpired: z.object({ type: z.literal('RematchExpired') }).describe('The rematch offer lapsed unanswered'),
    ClockPaused: z
      .object({ type: z.literal('ClockPaused'), seat, remainingMs: z.number().describe('What the seat had left'), until: iso.describe("When the player's vacation days run out: the clock resumes by itself then") })
      .describe("The seat's player is on vacation: its clock stands still"),
    ClockResumed: z.object({ type: z.literal('ClockResumed'), seat, remainingMs: z.number().describe('What the seat has left, as when it paused') }).describe("The seat's vacation is over: its clock runs again from what was left"),
    MessageSent: z
      .object({ type: z.literal('MessageSent'), seat, text: z.string().optional().describe("Plain text, at most 500 characters; absent for a viewer who may not read the game's messages"), at: iso })
      .describe("A seated player's message to the table"),
    ChatMuted: z.object({ type: z.literal('ChatMuted'), seat, muted: seat, on: z.boolean() }).describe("The seat hides (on) or shows again another seat's messages; seen by that seat only"),
    DealRevealed: z.object({ type: z.literal('DealRevealed') }).describe("Every table of this tournament game's board has ended: its seed and record are public"),
    TimeoutClaimOpened: z.object({ type: z.literal('TimeoutClaimOpened'), seat, at: iso.describe('When the question opened') }).describe('The seat ran out of time under onTimeout ASK: the other players may claim (BOT, END) or wait'),
    TimeoutClaimed: z
      .object({
        type: z.literal('TimeoutClaimed'),
        seat,
        choice: z.enum(['BOT', 'END', 'WAIT']).describe('BOT: the timeoutBot plays the seat to the end; END: the game ends where it stands, the seat last; WAIT: the seat keeps its turn with a fresh period'),
        by: seat.describe('The seat that chose'),
        bot: z.string().optional().describe('BOT: the bot spec that plays the seat from now on'),
        remainingMs: z.number().optional().describe("WAIT: the fresh period's time"),
      })
      .describe('Another player answered the claim on a timed-out seat'),
    TimeoutClaimClosed: z.object({ type: z.literal('TimeoutClaimClosed'), seat, remainingMs: z.number().describe('What its clock runs on from') }).describe('The timed-out seat moved before anyone claimed'),
    MoveTakenBack: z
      .object({ type: z.literal('MoveTakenBack'), seat, version: z.number().int().min(1).describe('The version of the commit whose move is undone') })
      .describe("The seat took its last move back: the game is as before that move (its clocks come back in the clock events beside)"),
  } satisfies Record<AppEvent['type'], z.ZodType>;
}

let built: ReturnType<typeof build> | undefined;
/** The app's event schemas by type, built once. */
export const appEventSchemas = () => (built ??= build());

type Checked<K extends AppEvent['type'], T> = Same<z.infer<ReturnType<typeof build>[K]>, T>;
sameType<Checked<'GameSettings', GameSettings>>();
sameType<Checked<'MoveTakenBack', MoveTakenBack>>();
sameType<Checked<'SeatClaimed', SeatClaimed>>();
sameType<Checked<'DeadlineSet', DeadlineSet>>();
sameType<Checked<'ClockStopped', ClockStopped>>();
sameType<Checked<'TimedOut', TimedOut>>();
sameType<Checked<'SeatResigned', SeatResigned>>();
sameType<Checked<'GameCancelled', GameCancelled>>();
sameType<Checked<'RematchCreated', RematchCreated>>();
sameType<Checked<'RematchOffered', RematchOffered>>();
sameType<Checked<'RematchAnswered', RematchAnswered>>();
sameType<Checked<'RematchExpired', RematchExpired>>();
sameType<Checked<'MessageSent', MessageSent>>();
sameType<Checked<'ChatMuted', ChatMuted>>();
sameType<Checked<'ClockPaused', ClockPaused>>();
sameType<Checked<'ClockResumed', ClockResumed>>();
sameType<Checked<'DealRevealed', DealRevealed>>();
sameType<Checked<'TimeoutClaimOpened', TimeoutClaimOpened>>();
sameType<Checked<'TimeoutClaimed', TimeoutClaimed>>();
sameType<Checked<'TimeoutClaimClosed', TimeoutClaimClosed>>();
