/**
 * Replays: a game as it was right after one of its versions (`Game.at(version)`), folded from
 * its stream up to that version. After the end nothing is hidden any more: any seat's point of
 * view, and every card face-up (each seat's view, the history unredacted). While the game runs a
 * caller steps back only through what it has seen: its own seat's views and history (a
 * spectator's, for a spectator), never another seat's, never a version still to come.
 */
import { isAppEvent, seatsOf, type StreamEvent } from './app-events.js';
import { appEventFor } from './app-event-sight.js';
import { fromStream, statusOf, type Aggregate } from './aggregate.js';
import { AppError } from './errors.js';
import { checkNotSealed, isSealed } from './sealed.js';
import { LruCache } from './lru.js';
import { withoutSeed } from './commands/reads.js';
import type { Credential, ParlorService } from './service.js';
import type { Seat, Viewer } from '../engine/core/index.js';
import type { Commit } from '../store/port.js';

/** A seat's point of view, or FACE_UP: every card shown (a finished game only). */
export const FACE_UP = 'face-up';
export type Sight = Viewer | typeof FACE_UP;

export interface GameAt {
  /** The game now (who may look, whether it is over). */
  live: Aggregate;
  version: number;
  /** The fold at `version`; null at version 0, before the game was created. */
  agg: Aggregate | null;
  /** The commits up to `version`, unredacted: never handed out as they are. */
  commits: Commit[];
  /** Whether nothing is hidden any more: the game is over (or called off) and not sealed. */
  open: boolean;
  /** The caller's own seat (null: a spectator) and every seat it holds. */
  caller: Viewer;
  held: Seat[];
}

export interface HistoryAt {
  version: number;
  at: string;
  seat: number | null;
  by: string | null;
  events: StreamEvent[];
}

/**
 * Reads the game at `version` for the caller (`live`: the game now): VERSION_OUT_OF_RANGE unless 0 ≤ version ≤ the
 * game's version. Folds `version` commits at most (the newest version is the cached fold).
 */
export async function gameAt(service: ParlorService, live: Aggregate, token: Credential, version: number): Promise<GameAt> {
  const gameId = live.id;
  const caller = service.seatOf(live, token);
  checkNotSealed(live, caller);
  if (!Number.isInteger(version) || version < 0 || version > live.version) {
    throw new AppError('VERSION_OUT_OF_RANGE', `version ${version} is not between 0 and ${live.version}, the game's version`);
  }
  const held = typeof token === 'object' && 'player' in token ? seatsOf(live.app, token.player) : caller === null ? [] : [caller];
  const open = (live.state.ended || live.app.cancelled !== null) && !isSealed(live);
  const commits = version === 0 ? [] : (await streamOf(service, live)).filter((c) => c.version <= version);
  const lookup = (id: string) => service.games.find((g) => g.id === id);
  const agg = version === 0 ? null : version === live.version ? live : fromStream(gameId, { version, snapshot: null, commits }, lookup);
  return { live, version, agg, commits, open, caller, held };
}

/**
 * A replay steps through one game version after version: its commits are read once per version of
 * the game (a new commit makes the entry stale) and kept for the next steps, a few games at most.
 */
const REPLAYED_GAMES = 32;
const REPLAY_BYTES = 16 * 1024 * 1024;
const streams = new WeakMap<ParlorService, LruCache<string, { version: number; commits: Commit[] }>>();

async function streamOf(service: ParlorService, live: Aggregate): Promise<Commit[]> {
  let cache = streams.get(service);
  if (!cache) streams.set(service, (cache = new LruCache(REPLAYED_GAMES, { maxBytes: REPLAY_BYTES, sizeOf: (e) => JSON.stringify(e.commits).length })));
  const known = cache.get(live.id);
  if (known?.version === live.version) return known.commits;
  const commits = await service.commitsUpTo(live.id, live.version);
  cache.set(live.id, { version: live.version, commits });
  return commits;
}

/**
 * Whose point of view a read takes. `seat` omitted: face-up once the game is over, else the
 * caller's own. A seat named: any seat of a finished game (BAD_INPUT past the last); while the
 * game runs only one the caller holds (SEAT_NOT_YOURS).
 */
export function sightOf(at: GameAt, seat: number | null | undefined): Sight {
  if (seat === undefined || seat === null) return at.open ? FACE_UP : at.caller;
  if (!Number.isInteger(seat) || seat < 0 || seat >= at.live.state.seats) throw new AppError('BAD_INPUT', `seats are 0 to ${at.live.state.seats - 1}`);
  if (!at.open && !at.held.includes(seat)) throw new AppError('SEAT_NOT_YOURS', `seat ${seat}'s point of view is its own until the game is over`);
  return seat;
}

/** The view at the version as `sight` sees it: face-up is the board everyone sees (every hand is in `viewsAt`). */
export function viewAt(at: GameAt, sight: Sight): unknown {
  if (!at.agg) return null;
  return at.agg.table.view(at.agg.state, sight === FACE_UP ? null : sight);
}

/** Every seat's view at the version, by seat: every card face-up. GAME_NOT_OVER while the game runs. */
export function viewsAt(at: GameAt): unknown[] {
  if (!at.open) throw new AppError('GAME_NOT_OVER', 'every seat’s view is shown once the game is over');
  const agg = at.agg;
  if (!agg) return [];
  return Array.from({ length: agg.state.seats }, (_, seat) => agg.table.view(agg.state, seat));
}

/** The moves `sight`'s seat had at the version (none face-up or for a spectator). */
export function legalMovesAt(at: GameAt, sight: Sight): unknown[] {
  if (!at.agg || sight === null || sight === FACE_UP) return [];
  return at.agg.table.legalMoves(at.agg.state, sight);
}

/** The game's status at the version; null at version 0. */
export const statusAt = (at: GameAt) => (at.agg ? statusOf(at.agg) : null);

/**
 * The history up to the version as `sight` sees it. Face-up: the table's events unredacted (the
 * export's), the app's as a spectator sees them (a message's text stays with the seats).
 */
export function historyAt(at: GameAt, sight: Sight): HistoryAt[] {
  const settings = (at.agg ?? at.live).app.settings;
  const viewer = sight === FACE_UP ? null : sight;
  const table = at.live.table;
  const sealed = isSealed(at.live);
  const shown = (e: StreamEvent): StreamEvent[] => {
    if (isAppEvent(e)) {
      const seen = appEventFor(e, settings, viewer);
      return seen ? [seen] : [];
    }
    if (sealed && e.type === 'GameEnded') return [withoutSeed(table.redact(e, viewer))]; // the deal is shared with the board's other tables
    return [sight === FACE_UP ? e : table.redact(e, viewer)];
  };
  return at.commits.map((c) => ({ version: c.version, at: c.at, seat: c.seat ?? null, by: c.by ?? null, events: (c.events as StreamEvent[]).flatMap(shown) }));
}
