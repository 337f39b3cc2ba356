/**
 * Events the application layer adds to a game's stream, beside the table's and the game's:
 * who holds a seat (players, bots), clocks (DeadlineSet, TimedOut), leaving and cancelling.
 * The engine never sees them (aggregate.ts folds them here), so they cannot perturb the rules
 * or the random streams; history, analytics and replays see them like any other event.
 * None carries hidden information.
 */
import type { GameResult, Seat, Status } from '../engine/core/index.js';

export type TimeoutAction = 'BOT' | 'FORFEIT';
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
export type AppEvent = GameSettings | SeatClaimed | DeadlineSet | ClockStopped | TimedOut | SeatResigned | GameCancelled | RematchCreated | DealRevealed;

const TYPES = new Set<string>(['GameSettings', 'SeatClaimed', 'DeadlineSet', 'ClockStopped', 'TimedOut', 'SeatResigned', 'GameCancelled', 'RematchCreated', 'DealRevealed']);
export const isAppEvent = (e: { type: string }): e is AppEvent => TYPES.has(e.type);

export interface SeatClock {
  remainingMs: number;
  /** Set while the seat's clock runs. */
  deadline: string | null;
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
  /** A sealed tournament game's deal was revealed (absent before). */
  revealed?: true;
}

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
      if (e.action === 'BOT') return { ...s, clocks };
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
    case 'DealRevealed':
      return { ...s, revealed: true };
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
}

/** The table's status, with cancelling and who left on top. */
export function statusWithApp(status: Status, app: AppState): Status & { result: AppResult | null } {
  if (app.cancelled) return { phase: app.cancelled, toMove: [], over: true, result: null };
  if (!status.result) return { ...status, result: null };
  const who = (reason: 'resigned' | 'forfeited') => Object.entries(app.left).filter(([, r]) => r === reason).map(([seat]) => Number(seat));
  return { ...status, result: { ...status.result, resigned: who('resigned'), forfeited: who('forfeited') } };
}
