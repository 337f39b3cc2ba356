/**
 * Events the application layer adds to a game's stream, beside the table's and the game's:
 * who holds a seat (players, bots), clocks (DeadlineSet, TimedOut), leaving and cancelling.
 * The engine never sees them (aggregate.ts folds them here), so they cannot perturb the rules
 * or the random streams; history, analytics and replays see them like any other event.
 * None carries hidden information.
 */
import type { GameResult, Seat, Status, TableEvent } from '../engine/core/index.js';

export type TimeoutAction = 'BOT' | 'FORFEIT' | 'ASK';
/** What the other players may choose for a seat that ran out of time under `ASK` (services/clocks/claim.ts). */
export type TimeoutClaimChoice = 'BOT' | 'END' | 'WAIT';
/** A per-move budget, or a bank that gains `incrementMs` per move (capped at the bank). */
export type TimeControl = { perMoveMs: number } | { bankMs: number; incrementMs: number };

export interface GameSettings {
  type: 'GameSettings';
  /** The registered player who created the game (may cancel it before it starts). */
  creator?: string;
  timeControl?: TimeControl;
  onTimeout: TimeoutAction;
  /** Seats the server plays from creation on; `kind` is the bot's spec ("greedy", "search:2"). */
  bots: { seat: Seat; kind: string }[];
  /** The bot spec that plays for a seat that timed out, resigned or forfeited (absent: the server's default). */
  timeoutBot?: string;
  /** Steps whose only legal move is a formality are played by the server. */
  autoAdvance: boolean;
  /** One registered player may hold several seats. */
  multiSeat: boolean;
  /** ISO time after which a game still waiting for players is cancelled. */
  expiresAt?: string;
  rematchOf?: string;
  /** Spectators may read the game's messages (seated players always may). */
  spectatorChat?: boolean;
  /** The result changes the players' ratings (services/ratings); absent: a casual game. */
  rated?: true;
  /** Seats are taken with a player token only (no anonymous seats). */
  requireRegistered?: true;
  /** The tournament game this is (services/tournaments); `sealed`: its deal is shared with other tables of its board. */
  tournament?: TournamentLink;
  /** Seats given to registered players at creation (a tournament's tables), so no one else can take them. */
  seated?: { seat: Seat; player: string; name: string }[];
}
export interface TournamentLink {
  id: string;
  round: number;
  board: number;
  table: number;
  sealed: boolean;
}
/** Every table of the game's board has ended: its seed and record may be shown (a sealed tournament game). */
export interface DealRevealed {
  type: 'DealRevealed';
}
export interface SeatClaimed {
  type: 'SeatClaimed';
  seat: Seat;
  player: string;
  /** The player is a bot its author runs outside the server (a registered player of kind BOT). */
  bot?: true;
}
export interface DeadlineSet {
  type: 'DeadlineSet';
  seat: Seat;
  /** ISO time the seat's clock runs out. */
  deadline: string;
  /** The time the seat had when its clock started. */
  remainingMs: number;
}
export interface ClockStopped {
  type: 'ClockStopped';
  seat: Seat;
  remainingMs: number;
}
export interface TimedOut {
  type: 'TimedOut';
  seat: Seat;
  deadline: string;
  action: TimeoutAction;
  /** The bot spec that plays for the seat (absent in games older than timeoutBot: random). */
  bot?: string;
}
export interface SeatResigned {
  type: 'SeatResigned';
  seat: Seat;
  /** The bot spec that plays the seat from now on (absent in games older than timeoutBot: random). */
  bot?: string;
}
export interface GameCancelled {
  type: 'GameCancelled';
  reason: 'cancelled' | 'expired';
}
export interface RematchCreated {
  type: 'RematchCreated';
  gameId: string;
}
/** A former player offers a rematch of the finished game; each of `players` (the former human players) answers. */
export interface RematchOffered {
  type: 'RematchOffered';
  /** The player who offered (it counts as their acceptance). */
  by: string;
  /** Every former human player, the offerer included, in seat order. */
  players: string[];
  /** ISO time the offer lapses unanswered. */
  expiresAt: string;
}
export interface RematchAnswered {
  type: 'RematchAnswered';
  player: string;
  accept: boolean;
}
/** The offer lapsed before everyone accepted. */
export interface RematchExpired {
  type: 'RematchExpired';
}
/** The seat's player went on vacation: its clock stands still until `until` at the latest (services/vacation). */
export interface ClockPaused {
  type: 'ClockPaused';
  seat: Seat;
  /** What the seat had left when its clock stopped. */
  remainingMs: number;
  /** ISO time the player's vacation days run out: the clock resumes by itself then. */
  until: string;
}
/** The seat's vacation is over (ended, it moved, or its days ran out): its clock runs again from what was left. */
export interface ClockResumed {
  type: 'ClockResumed';
  seat: Seat;
  remainingMs: number;
}
/** Under `onTimeout: ASK` the seat ran out of time: the game waits, and the other players may claim (services/clocks/claim.ts). */
export interface TimeoutClaimOpened {
  type: 'TimeoutClaimOpened';
  seat: Seat;
  /** ISO time the question opened (the deadline that passed is in the TimedOut beside it). */
  at: string;
}
/** Another seat answered the claim: the timeoutBot plays the seat, the game ends where it stands, or the seat gets a fresh period. */
export interface TimeoutClaimed {
  type: 'TimeoutClaimed';
  seat: Seat;
  choice: TimeoutClaimChoice;
  /** The seat that chose. */
  by: Seat;
  /** BOT: the bot spec that plays the seat from now on. */
  bot?: string;
  /** WAIT: the time the seat's fresh period gives it. */
  remainingMs?: number;
}
/** The timed-out seat moved before anyone chose: the question is closed and its clock runs on from `remainingMs`. */
export interface TimeoutClaimClosed {
  type: 'TimeoutClaimClosed';
  seat: Seat;
  remainingMs: number;
}
/** A seated player's message to the table (plain text; services/messages). */
export interface MessageSent {
  type: 'MessageSent';
  seat: Seat;
  /** Absent for a viewer who may not read the game's messages (a spectator, unless spectatorChat). */
  text?: string;
  /** ISO time it was sent (the rate limit counts these). */
  at: string;
}
/** A seat stops (or starts again) showing another seat's messages: seen by the muting seat only. */
export interface ChatMuted {
  type: 'ChatMuted';
  seat: Seat;
  muted: Seat;
  on: boolean;
}
export type AppEvent = GameSettings | SeatClaimed | DeadlineSet | ClockStopped | TimedOut | SeatResigned | GameCancelled | RematchCreated | RematchOffered | RematchAnswered | RematchExpired | MessageSent | ChatMuted | ClockPaused | ClockResumed | DealRevealed | TimeoutClaimOpened | TimeoutClaimed | TimeoutClaimClosed;

/** What a game's stream holds: the table's events and the application's beside them (the engine never sees the latter). */
export type StreamEvent = TableEvent | AppEvent;

const TYPES = new Set<string>(['GameSettings', 'SeatClaimed', 'DeadlineSet', 'ClockStopped', 'TimedOut', 'SeatResigned', 'GameCancelled', 'RematchCreated', 'RematchOffered', 'RematchAnswered', 'RematchExpired', 'MessageSent', 'ChatMuted', 'ClockPaused', 'ClockResumed', 'DealRevealed', 'TimeoutClaimOpened', 'TimeoutClaimed', 'TimeoutClaimClosed']);
export const isAppEvent = (e: { type: string }): e is AppEvent => TYPES.has(e.type);

export interface SeatClock {
  remainingMs: number;
  /** Set while the seat's clock runs. */
  deadline: string | null;
  /** Set while the seat's player is on vacation: when the clock resumes at the latest. */
  pausedUntil?: string;
  /** Just back from a vacation: the next deadline gives `remainingMs`, even with a per-move clock. */
  resumed?: true;
}

/** What the app events fold to. Plain JSON (it is snapshotted with the table state). */
export interface AppState {
  settings: Omit<GameSettings, 'type'>;
  /** seat → registered player id. */
  players: Record<Seat, string>;
  /** Seats held by registered players of kind BOT (absent in snapshots older than it). */
  botPlayers?: Record<Seat, true>;
  /** seat → bot kind, for every seat the server plays (seated bots, resigned and forfeited seats). */
  bots: Record<Seat, string>;
  left: Record<Seat, 'resigned' | 'forfeited'>;
  clocks: Record<Seat, SeatClock>;
  cancelled: GameCancelled['reason'] | null;
  rematch: string | null;
  /** The newest rematch offer (absent in snapshots older than offers: none). */
  rematchOffer?: RematchOffer | null;
  /** How many offers the game has had (each game takes a few at most). */
  rematchOffers?: number;
  /** The game's messages so far (absent in snapshots older than chat): services/messages. */
  chat?: ChatState;
  /** A sealed tournament game's deal was revealed (absent before). */
  revealed?: true;
  /** The open claim on a timed-out seat (onTimeout ASK), if any: services/clocks/claim.ts. */
  timeoutClaim?: { seat: Seat; since: string } | null;
  /** The seat whose timeout ended the game by claim (END). */
  endedByClaim?: Seat;
}

export interface RematchOffer {
  offeredBy: string;
  players: string[];
  accepted: string[];
  declined: string[];
  expiresAt: string;
  expired: boolean;
}

export interface ChatState {
  /** How many messages the game holds (bounded by MAX_MESSAGES). */
  count: number;
  /** seat → epoch ms of its most recent sends, newest last (at most the rate limit's count). */
  recent: Record<Seat, number[]>;
  /** seat → the seats whose messages it does not want to see. */
  muted: Record<Seat, Seat[]>;
}

/** How many recent sends per seat the state keeps: the rate limit's count (services/messages). */
export const RECENT_SENDS = 5;
const noChat = (): ChatState => ({ count: 0, recent: {}, muted: {} });

export const DEFAULT_SETTINGS: Omit<GameSettings, 'type'> = { onTimeout: 'BOT', bots: [], autoAdvance: false, multiSeat: false };
export const initialAppState = (): AppState => ({ settings: DEFAULT_SETTINGS, players: {}, bots: {}, left: {}, clocks: {}, cancelled: null, rematch: null });

/** The bot that took over a seat whose player left, in games recorded before the events named it. */
export const STAND_IN_BOT = 'random';

export function evolveApp(s: AppState, e: AppEvent): AppState {
  switch (e.type) {
    case 'GameSettings': {
      const { type: _t, ...settings } = e;
      return { ...s, settings, bots: Object.fromEntries(settings.bots.map((b) => [b.seat, b.kind])) };
    }
    case 'SeatClaimed':
      return { ...s, players: { ...s.players, [e.seat]: e.player }, ...(e.bot && { botPlayers: { ...s.botPlayers, [e.seat]: true } }) };
    case 'DeadlineSet':
      return { ...s, clocks: { ...s.clocks, [e.seat]: { remainingMs: e.remainingMs, deadline: e.deadline } } };
    case 'ClockStopped':
      return { ...s, clocks: { ...s.clocks, [e.seat]: { remainingMs: e.remainingMs, deadline: null } } };
    case 'TimedOut': {
      const clocks = { ...s.clocks, [e.seat]: { remainingMs: 0, deadline: null } };
      if (e.action !== 'FORFEIT') return { ...s, clocks };
      return { ...s, clocks, bots: { ...s.bots, [e.seat]: e.bot ?? STAND_IN_BOT }, left: { ...s.left, [e.seat]: 'forfeited' } };
    }
    case 'SeatResigned': {
      const { [e.seat]: _stopped, ...clocks } = s.clocks;
      return { ...s, clocks, bots: { ...s.bots, [e.seat]: e.bot ?? STAND_IN_BOT }, left: { ...s.left, [e.seat]: 'resigned' } };
    }
    case 'GameCancelled':
      return { ...s, cancelled: e.reason, clocks: {} };
    case 'RematchCreated':
      return { ...s, rematch: e.gameId };
    case 'RematchOffered':
      return { ...s, rematchOffer: { offeredBy: e.by, players: e.players, accepted: [e.by], declined: [], expiresAt: e.expiresAt, expired: false }, rematchOffers: (s.rematchOffers ?? 0) + 1 };
    case 'RematchAnswered': {
      const offer = s.rematchOffer!;
      return { ...s, rematchOffer: e.accept ? { ...offer, accepted: [...offer.accepted, e.player] } : { ...offer, declined: [...offer.declined, e.player] } };
    }
    case 'RematchExpired':
      return { ...s, rematchOffer: { ...s.rematchOffer!, expired: true } };
    case 'ClockPaused':
      return { ...s, clocks: { ...s.clocks, [e.seat]: { remainingMs: e.remainingMs, deadline: null, pausedUntil: e.until } } };
    case 'ClockResumed':
      return { ...s, clocks: { ...s.clocks, [e.seat]: { remainingMs: e.remainingMs, deadline: null, resumed: true } } };
    case 'MessageSent': {
      const chat = s.chat ?? noChat();
      const recent = [...(chat.recent[e.seat] ?? []), Date.parse(e.at)].slice(-RECENT_SENDS);
      return { ...s, chat: { ...chat, count: chat.count + 1, recent: { ...chat.recent, [e.seat]: recent } } };
    }
    case 'ChatMuted': {
      const chat = s.chat ?? noChat();
      const others = (chat.muted[e.seat] ?? []).filter((m) => m !== e.muted);
      return { ...s, chat: { ...chat, muted: { ...chat.muted, [e.seat]: e.on ? [...others, e.muted].sort((a, b) => a - b) : others } } };
    }
    case 'DealRevealed':
      return { ...s, revealed: true };
    case 'TimeoutClaimOpened':
      return { ...s, timeoutClaim: { seat: e.seat, since: e.at } };
    case 'TimeoutClaimClosed':
      return { ...s, timeoutClaim: null, clocks: { ...s.clocks, [e.seat]: { remainingMs: e.remainingMs, deadline: null, resumed: true } } };
    case 'TimeoutClaimed':
      if (e.choice === 'WAIT') return { ...s, timeoutClaim: null, clocks: { ...s.clocks, [e.seat]: { remainingMs: e.remainingMs!, deadline: null, resumed: true } } };
      if (e.choice === 'END') return { ...s, timeoutClaim: null, endedByClaim: e.seat, clocks: {}, left: { ...s.left, [e.seat]: 'forfeited' } };
      return { ...s, timeoutClaim: null, bots: { ...s.bots, [e.seat]: e.bot ?? STAND_IN_BOT }, left: { ...s.left, [e.seat]: 'forfeited' } };
  }
}

/** Seats a registered player holds, lowest first. */
export function seatsOf(app: AppState, player: string): Seat[] {
  return Object.entries(app.players)
    .filter(([, p]) => p === player)
    .map(([seat]) => Number(seat));
}

export interface AppResult extends GameResult {
  resigned: Seat[];
  forfeited: Seat[];
  /** Ended by claim: a seat ran out of time (ASK), another chose END; it is in `forfeited`. */
  claimed: boolean;
}

/** The table's status, with cancelling and who left on top. */
export function statusWithApp(status: Status, app: AppState): Status & { result: AppResult | null } {
  if (app.cancelled) return { phase: app.cancelled, toMove: [], over: true, result: null };
  if (!status.result) return { ...status, result: null };
  const who = (reason: 'resigned' | 'forfeited') => Object.entries(app.left).filter(([, r]) => r === reason).map(([seat]) => Number(seat));
  return { ...status, result: { ...status.result, resigned: who('resigned'), forfeited: who('forfeited'), claimed: app.endedByClaim !== undefined } };
}
