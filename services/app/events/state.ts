/**
 * What the application's events fold to (AppState, snapshotted with the table state) and the
 * settings a game is created with. The events themselves live with their feature (the modules
 * beside this one); services/app/app-events.ts is their registry.
 */
import type { Seat } from '../../engine/core/index.js';
import type { LinkedSeatsRule, SeatMarks } from '../seat-marks.js';

/** Why a game was called off (GameCancelled). */
export type CancelReason = 'cancelled' | 'expired';

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
  /** A rated game: the fewest moves each registered player makes themself, else it ends aborted and unrated (app/rated.ts). */
  minMoves?: number;
  /** A rated game: whether it counts when two human seats share a client address or a device (app/seat-marks.ts); absent (older games): counted. */
  linkedSeats?: LinkedSeatsRule;
  /** Seats are taken with a player token only (no anonymous seats). */
  requireRegistered?: true;
  /** The tournament game this is (services/tournaments); `sealed`: its deal is shared with other tables of its board. */
  tournament?: TournamentLink;
  /** Seats given to registered players at creation (a tournament's tables), so no one else can take them. */
  seated?: { seat: Seat; player: string; name: string; marks?: SeatMarks }[];
  /** A seat may take its last move back (engine/core/take-back.ts); absent: on unless the game is rated or a tournament's (`takeBackOn`). */
  takeBack?: boolean;
}

/** Whether the game lets seats take moves back: as created, else on for casual games and off for rated and tournament games. */
export const takeBackOn = (settings: Omit<GameSettings, 'type'>): boolean => settings.takeBack ?? !(settings.rated || settings.tournament);
export interface TournamentLink {
  id: string;
  round: number;
  board: number;
  table: number;
  sealed: boolean;
}
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
  cancelled: CancelReason | null;
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
  /** seat → moves its holder made themself (not a bot, not the server's forced moves): a rated game's minimum (ratings/fair.ts). */
  ownMoves?: Record<Seat, number>;
  /** seat → where a rated game's seat was taken from (keyed hashes, never shown): linked seats (app/seat-marks.ts). */
  marks?: Record<Seat, SeatMarks>;
}

export interface RematchOffer {
  offeredBy: string;
  players: string[];
  accepted: string[];
  declined: string[];
  expiresAt: string;
  expired: boolean;
  /** player → where their offer or acceptance came from (a rated game's; keyed by the offer): the rematch's seat marks. */
  marks?: Record<string, SeatMarks>;
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
export const noChat = (): ChatState => ({ count: 0, recent: {}, muted: {} });

export const DEFAULT_SETTINGS: Omit<GameSettings, 'type'> = { onTimeout: 'BOT', bots: [], autoAdvance: false, multiSeat: false };
export const initialAppState = (): AppState => ({ settings: DEFAULT_SETTINGS, players: {}, bots: {}, left: {}, clocks: {}, cancelled: null, rematch: null });

/** The bot that took over a seat whose player left, in games recorded before the events named it. */
export const STAND_IN_BOT = 'random';
