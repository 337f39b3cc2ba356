/**
 * The commands and queries of Parlor: create, join, move, read. Each command is
 * load → decide → append (one conditional write); nothing here knows HTTP or DynamoDB.
 */
import { randomUUID } from 'node:crypto';
import { newSeed, recordedCommand, type Seat, type TableCommand, type TableEvent, type Viewer } from '../engine/core/index.js';
import { findGame, games } from '../engine/registry.js';
import { VersionConflict, type Commit, type EventStore } from '../store/port.js';
import { applyCommit, fromStream, snapshotOf, tableFor, type Aggregate, type GameLookup } from './aggregate.js';
import { AppError, asAppError } from './errors.js';
import { LruCache } from './lru.js';
import { committedVersion, fingerprinted } from './commands.js';
import { MAX_PAGE, pageOf, type Page } from './pages.js';
import { newToken, seatForKey, seatOf, tokenFromKey } from './tokens.js';
import type { AnyGame } from '../engine/core/index.js';
import type { LobbyEntry, LobbyStore } from './projections.js';
import type { StatsCounters, StatsStore } from '../analytics/stats-projection.js';

export interface ServiceOptions {
  store: EventStore;
  /** The games offered; defaults to the registry. */
  games?: readonly AnyGame[];
  /** A snapshot is written on every Nth commit. */
  snapshotEvery?: number;
  /** How often an unpinned command is re-decided after losing a race. */
  maxRetries?: number;
  /** Decide moves on the cached fold first (see `move`); default true. */
  optimistic?: boolean;
  /** How many folded games to keep in memory (0 turns the cache off). */
  cachedGames?: number;
  /** At most this many bytes of folded games in memory (by their JSON size); default 64 MiB. */
  cacheBytes?: number;
  /** Where failures that must not fail a request are reported (default: console). */
  log?: { error(details: object, message: string): void };
  /** The lobby read model, for `openGames`. */
  lobby?: LobbyStore;
  /** The statistics read model, for `stats`. */
  stats?: StatsStore;
}

/** The longest commandId accepted (they are kept in snapshots). */
export const MAX_COMMAND_ID = 100;

export type CommitListener = (agg: Aggregate, commit: Commit) => void | Promise<void>;

export interface CreateInput {
  game: string;
  seats: number;
  options?: unknown;
  /** Fixes the shuffles (tests, tournaments): recorded as `seedFixed` in the game. */
  seed?: string;
}

export interface JoinOptions {
  /** The player's public contribution to the deal's seed (see the game's record). */
  entropy?: string;
  /** The client's own secret: joining again with it returns the same seat and token. */
  joinKey?: string;
}

export interface MoveInput {
  gameId: string;
  token: string | undefined;
  move: unknown;
  expectedVersion?: number;
  commandId?: string;
}

export class ParlorService {
  private readonly store: EventStore;
  private readonly listeners: CommitListener[] = [];
  readonly games: readonly AnyGame[];
  private readonly lookup: GameLookup;
  private readonly snapshotEvery: number;
  private readonly maxRetries: number;
  private readonly lobby: LobbyStore | undefined;
  private readonly statsStore: StatsStore | undefined;
  private readonly optimistic: boolean;
  private readonly log: NonNullable<ServiceOptions['log']>;
  /** Folded games by id, newest version each: an aggregate is immutable, so sharing is safe. */
  private readonly cache: LruCache<string, Aggregate>;

  constructor(options: ServiceOptions) {
    this.store = options.store;
    this.games = options.games ?? games;
    this.lookup = options.games ? (id) => this.games.find((g) => g.id === id) : findGame;
    this.snapshotEvery = options.snapshotEvery ?? 16;
    this.maxRetries = options.maxRetries ?? 20;
    this.lobby = options.lobby;
    this.statsStore = options.stats;
    this.optimistic = options.optimistic ?? true;
    this.log = options.log ?? { error: (details, message) => console.error(message, details) };
    // Bounded by bytes as well as entries: a game's state grows with its length and options.
    this.cache = new LruCache(options.cachedGames ?? 1000, { maxBytes: options.cacheBytes ?? 64 * 1024 * 1024, sizeOf: aggregateBytes });
  }

  /** What the fold cache holds now (games, estimated bytes). */
  get cached(): { games: number; bytes: number } {
    return { games: this.cache.size, bytes: this.cache.bytes };
  }

  /** Runs `listener` after every commit, in-process (subscriptions, projections). */
  onCommit(listener: CommitListener): void {
    this.listeners.push(listener);
  }

  async create(input: CreateInput): Promise<Aggregate> {
    const game = this.lookup(input.game);
    if (!game) throw new AppError('BAD_INPUT', `unknown game type "${input.game}"`);
    if (input.seed !== undefined && (input.seed.length < 1 || input.seed.length > 200)) throw new AppError('BAD_INPUT', 'a seed has 1 to 200 characters');
    const id = randomUUID();
    const empty: Aggregate = { id, version: 0, table: tableFor(game), state: null as never, commandIds: {} };
    const command: TableCommand = { type: 'create', game: game.id, seats: input.seats, options: input.options ?? {}, seed: input.seed ?? newSeed(), seedFixed: input.seed !== undefined };
    return this.commit(empty, decideOrRefuse(empty, command), { command });
  }

  /**
   * Takes the next seat. `entropy` is the player's public contribution to the deal's seed; with a
   * `joinKey`, a retry of a join whose answer was lost returns the same seat and token.
   */
  async join(gameId: string, name: string, { entropy, joinKey }: JoinOptions = {}): Promise<{ agg: Aggregate; seat: Seat; token: string }> {
    for (let attempt = 0; ; attempt++) {
      const agg = await this.load(gameId);
      const taken = joinKey === undefined ? null : seatForKey(gameId, joinKey, agg.state.players.map((p) => p.tokenHash));
      if (taken) return { agg, ...taken };
      const seat = agg.state.players.length;
      const { token, tokenHash } = joinKey === undefined ? newToken(gameId, seat) : tokenFromKey(gameId, seat, joinKey);
      const command: TableCommand = { type: 'join', name, tokenHash, ...(entropy !== undefined && { entropy }) };
      const events = decideOrRefuse(agg, command);
      try {
        return { agg: await this.commit(agg, events, { command }), seat, token };
      } catch (e) {
        // Two players racing for the same seat: the loser takes the next one.
        if (!(e instanceof VersionConflict) || attempt >= this.maxRetries) throw conflict(e);
      }
    }
  }

  /**
   * Plays a move. With `optimistic` (the default) it first decides on this process's cached
   * fold and writes at the next version: if no one else wrote meanwhile, that single
   * conditional write is the whole cost. A conflict or a refusal on the cached state is
   * never final: the move is decided again on the newest state.
   */
  async move(input: MoveInput): Promise<Aggregate> {
    if (input.commandId !== undefined && (input.commandId.length < 1 || input.commandId.length > MAX_COMMAND_ID)) {
      throw new AppError('BAD_INPUT', `a commandId has 1 to ${MAX_COMMAND_ID} characters`);
    }
    let cached = this.optimistic ? this.cache.get(input.gameId) : undefined;
    for (let attempt = 0; ; attempt++) {
      const agg = cached ?? (await this.load(input.gameId));
      const fresh = cached === undefined;
      cached = undefined;
      try {
        return await this.tryMove(agg, input);
      } catch (e) {
        // A conflict or refusal seen on the cached fold is checked again on the newest state.
        if (!fresh && (e instanceof VersionConflict || asAppError(e))) continue;
        // Unpinned commands (e.g. simultaneous choices) are re-decided on the fresh state.
        if (!(e instanceof VersionConflict) || input.expectedVersion !== undefined || attempt >= this.maxRetries) throw conflict(e);
      }
    }
  }

  private async tryMove(agg: Aggregate, input: MoveInput): Promise<Aggregate> {
    const seat = this.seatOf(agg, input.token);
    if (seat === null) throw new AppError('UNAUTHENTICATED', 'a move needs a seat token');
    const done = input.commandId === undefined ? undefined : committedVersion(agg, seat, input.commandId, input.move);
    if (done !== undefined) return this.atVersion(agg.id, done); // a retry: the first result, nothing written
    if (input.expectedVersion !== undefined && input.expectedVersion !== agg.version) {
      throw new AppError('VERSION_CONFLICT', `expected version ${input.expectedVersion}, the game is at ${agg.version}`);
    }
    const command: TableCommand = { type: 'move', seat, move: input.move };
    const commandId = input.commandId === undefined ? undefined : fingerprinted(input.commandId, input.move);
    return this.commit(agg, decideOrRefuse(agg, command), { commandId, seat, command });
  }

  /** The game as it was right after `version` (what a retried command answered the first time). */
  private async atVersion(gameId: string, version: number): Promise<Aggregate> {
    const commits = (await this.store.history(gameId)).filter((c) => c.version <= version);
    return fromStream(gameId, { version, snapshot: null, commits }, this.lookup);
  }

  /** Games still waiting for players, oldest first: the first page (see `lobbyPage` for the rest). */
  async openGames(type?: string): Promise<LobbyEntry[]> {
    return (await this.lobbyPage(type, MAX_PAGE)).edges.map((e) => e.node);
  }

  /** Games still waiting for players, oldest first, a page at a time. */
  async lobbyPage(type?: string, first?: number, after?: string): Promise<Page<LobbyEntry>> {
    const key = (e: LobbyEntry) => `${e.createdAt}|${e.gameId}`;
    const entries = this.lobby ? (await this.lobby.list(type)).sort((a, b) => (key(a) < key(b) ? -1 : 1)) : [];
    return pageOf(entries, key, first, after);
  }

  /** Finished games' counters of one game type, for one seat count or each it allows. */
  async stats(type: string, seats?: number): Promise<StatsCounters[]> {
    const game = this.lookup(type);
    if (!game) throw new AppError('BAD_INPUT', `unknown game type "${type}"`);
    if (seats !== undefined && !(Number.isInteger(seats) && seats >= game.seats.min && seats <= game.seats.max)) throw new AppError('BAD_INPUT', `${type} takes ${game.seats.min} to ${game.seats.max} seats`);
    const counts = seats === undefined ? Array.from({ length: game.seats.max - game.seats.min + 1 }, (_, i) => game.seats.min + i) : [seats];
    if (!this.statsStore) return [];
    return Promise.all(counts.map((n) => this.statsStore!.read(game.id, n)));
  }

  /**
   * The game at its newest version; NOT_FOUND if there is none. A game this process has
   * seen is caught up from its cached fold by reading only the newer commits.
   */
  async load(gameId: string): Promise<Aggregate> {
    const cached = this.cache.get(gameId);
    if (cached) {
      let agg = cached;
      for (const commit of await this.store.commitsAfter(gameId, cached.version)) agg = applyCommit(agg, commit);
      return this.remember(agg);
    }
    const stream = await this.store.load(gameId);
    if (!stream) throw new AppError('NOT_FOUND', `no game ${gameId}`);
    return this.remember(fromStream(gameId, stream, this.lookup));
  }

  private remember(agg: Aggregate): Aggregate {
    const known = this.cache.get(agg.id);
    if (!known || known.version <= agg.version) this.cache.set(agg.id, agg);
    return agg;
  }

  /** The seat a token opens (null for no token: a spectator). */
  seatOf(agg: Aggregate, token: string | undefined): Viewer {
    if (token === undefined || token === '') return null;
    return seatOf(token, agg.id, agg.state.players.map((p) => p.tokenHash));
  }

  /** The full event history as `viewer` may see it. */
  async history(agg: Aggregate, viewer: Viewer): Promise<{ version: number; at: string; seat: number | null; events: TableEvent[] }[]> {
    const commits = await this.store.history(agg.id);
    return commits
      .filter((c) => c.version <= agg.version)
      .map((c) => ({ version: c.version, at: c.at, seat: c.seat ?? null, events: (c.events as TableEvent[]).map((e) => agg.table.redact(e, viewer)) }));
  }

  /**
   * Every commit of a finished game, with the commands that produced them: the raw material of
   * its public record. FORBIDDEN while the game runs (commands and events still hold secrets).
   */
  async finishedHistory(gameId: string): Promise<{ agg: Aggregate; commits: Commit[] }> {
    const agg = await this.load(gameId);
    if (!agg.state.ended) throw new AppError('FORBIDDEN', 'a game’s record is published when it ends');
    return { agg, commits: await this.store.history(gameId) };
  }

  private async commit(agg: Aggregate, events: TableEvent[], { command, ...meta }: { commandId?: string; seat?: Seat; command: TableCommand }): Promise<Aggregate> {
    const version = agg.version + 1;
    const next = applyCommit(agg, { version, events, ...meta });
    const snapshot = version % this.snapshotEvery === 0 ? snapshotOf(next) : undefined;
    // The command goes into the record without its secrets (seed, token hash).
    const recorded = recordedCommand(command);
    await this.store.append(agg.id, agg.version, { events, commandId: meta.commandId, seat: meta.seat, command: recorded, snapshot });
    this.remember(next);
    const commit: Commit = { version, events, at: new Date().toISOString(), command: recorded, ...meta };
    // The commit is durable now: a failing listener must not turn it into an error (or a retry).
    for (const listener of this.listeners) {
      try {
        await listener(next, commit);
      } catch (e) {
        this.log.error({ err: e, gameId: agg.id, version }, 'commit listener failed');
      }
    }
    return next;
  }
}

/** A folded game's size, estimated by its JSON (strings count once per character). */
function aggregateBytes(agg: Aggregate): number {
  return JSON.stringify(agg.state).length + JSON.stringify(agg.commandIds).length;
}

function decideOrRefuse(agg: Aggregate, command: TableCommand): TableEvent[] {
  try {
    return agg.table.decide(agg.version === 0 ? null : agg.state, command);
  } catch (e) {
    throw asAppError(e) ?? e;
  }
}

function conflict(e: unknown): unknown {
  return e instanceof VersionConflict ? new AppError('VERSION_CONFLICT', 'the game changed meanwhile; reload and retry') : e;
}
