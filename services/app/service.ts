/**
 * The commands and queries of Parlor: create, join, move, read. Each command is
 * load → decide → append (one conditional write); nothing here knows HTTP or DynamoDB.
 */
import { randomUUID } from 'node:crypto';
import { newSeed, type Seat, type TableCommand, type TableEvent, type Viewer } from '../engine/core/index.js';
import { findGame, games } from '../engine/registry.js';
import { VersionConflict, type Commit, type EventStore } from '../store/port.js';
import { applyCommit, commandKey, fromStream, snapshotOf, tableFor, type Aggregate, type GameLookup } from './aggregate.js';
import { DEFAULT_SETTINGS, initialAppState, isAppEvent, seatsOf, type AppEvent, type GameSettings } from './app-events.js';
import { AppError, asAppError } from './errors.js';
import { LruCache } from './lru.js';
import { newToken, seatOf } from './tokens.js';
import type { AnyGame } from '../engine/core/index.js';
import type { LobbyEntry, LobbyStore } from './projections.js';

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
  /** Where failures that must not fail a request are reported (default: console). */
  log?: { error(details: object, message: string): void };
  /** The lobby read model, for `openGames`. */
  lobby?: LobbyStore;
  /** The time commands are decided at, in epoch ms (default: the system clock); the engine never reads one. */
  now?: () => number;
  /** The bot kinds a game may seat (default: any). */
  isBotKind?: (kind: string) => boolean;
}

/**
 * Who is calling: a seat token, a registered player (verified by the api), or nobody.
 * A player credential whose token did not verify carries the refusal, raised when used.
 */
export type Credential = string | { player: string } | { refused: string } | undefined;

/** Adds application events (e.g. clocks) to a commit, given the game before and after it and the time. */
export type CommitAnnotator = (before: Aggregate, after: Aggregate, now: number) => AppEvent[];

/** What a command decided: the events of one commit, and the seat that issued it. */
export interface Decision {
  events: TableEvent[];
  seat?: Seat;
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
  /** Play-by-turn settings (clocks, bots …); absent = plain table play. */
  settings?: Partial<Omit<GameSettings, 'type'>>;
}

export interface MoveInput {
  gameId: string;
  token: Credential;
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
  private readonly optimistic: boolean;
  private readonly log: NonNullable<ServiceOptions['log']>;
  private readonly annotators: CommitAnnotator[] = [];
  private readonly isBotKind: (kind: string) => boolean;
  readonly now: () => number;
  /** Folded games by id, newest version each: an aggregate is immutable, so sharing is safe. */
  private readonly cache: LruCache<string, Aggregate>;

  constructor(options: ServiceOptions) {
    this.store = options.store;
    this.games = options.games ?? games;
    this.lookup = options.games ? (id) => this.games.find((g) => g.id === id) : findGame;
    this.snapshotEvery = options.snapshotEvery ?? 16;
    this.maxRetries = options.maxRetries ?? 20;
    this.lobby = options.lobby;
    this.optimistic = options.optimistic ?? true;
    this.log = options.log ?? { error: (details, message) => console.error(message, details) };
    this.cache = new LruCache(options.cachedGames ?? 1000);
    this.now = options.now ?? Date.now;
    this.isBotKind = options.isBotKind ?? (() => true);
  }

  /** Lets `annotator` add application events to every commit before it is written. */
  annotate(annotator: CommitAnnotator): void {
    this.annotators.push(annotator);
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
    const empty: Aggregate = { id, version: 0, table: tableFor(game), state: null as never, commandIds: {}, app: initialAppState() };
    const command: TableCommand = { type: 'create', game: game.id, seats: input.seats, options: input.options ?? {}, seed: input.seed ?? newSeed(), seedFixed: input.seed !== undefined };
    const created = decideOrRefuse(empty, command);
    if (!input.settings) return this.commit(empty, created, {});
    const settings = this.checkSettings({ ...DEFAULT_SETTINGS, ...input.settings }, input.seats);
    return this.commit(empty, withBots(empty, [...created, { type: 'GameSettings', ...settings }]), {});
  }

  private checkSettings(settings: Omit<GameSettings, 'type'>, seats: number): Omit<GameSettings, 'type'> {
    const botSeats = new Set(settings.bots.map((b) => b.seat));
    if (botSeats.size !== settings.bots.length || settings.bots.some((b) => !Number.isInteger(b.seat) || b.seat < 0 || b.seat >= seats)) {
      throw new AppError('BAD_INPUT', `bot seats are distinct, from 0 to ${seats - 1}`);
    }
    if (botSeats.size >= seats) throw new AppError('BAD_INPUT', 'a game needs at least one seat for a human');
    const unknown = settings.bots.find((b) => !this.isBotKind(b.kind));
    if (unknown) throw new AppError('BAD_INPUT', `unknown bot kind "${unknown.kind}"`);
    return settings;
  }

  /**
   * Takes the next free seat (then seats any bots that come next). `joinAsPlayer`: the
   * seat is bound to the player and the join is idempotent: the player's seat comes back, never a
   * second one (unless the game allows one player several seats). Players get no seat token:
   * their player token acts for their seats.
   */
  async join(gameId: string, name: string): Promise<{ agg: Aggregate; seat: Seat; token: string }> {
    const { agg, seat, token } = await this.takeSeat(gameId, name);
    return { agg, seat, token: token! };
  }

  async joinAsPlayer(gameId: string, name: string, player: string): Promise<{ agg: Aggregate; seat: Seat }> {
    return this.takeSeat(gameId, name, player);
  }

  private async takeSeat(gameId: string, name: string, player?: string): Promise<{ agg: Aggregate; seat: Seat; token: string | null }> {
    for (let attempt = 0; ; attempt++) {
      const agg = await this.load(gameId);
      if (agg.app.cancelled) throw new AppError('GAME_OVER', `the game was ${agg.app.cancelled}`);
      const held = player === undefined ? [] : seatsOf(agg.app, player);
      if (held.length > 0 && !agg.app.settings.multiSeat) return { agg, seat: held[0]!, token: null };
      const seat = agg.state.players.length;
      const { token, tokenHash } = player === undefined ? newToken(gameId, seat) : { token: null, tokenHash: '' };
      const taken = decideOrRefuse(agg, { type: 'join', name, tokenHash });
      const claimed = player === undefined ? taken : [...taken, { type: 'SeatClaimed', seat, player } as TableEvent];
      try {
        return { agg: await this.commit(agg, withBots(agg, claimed), {}), seat, token };
      } catch (e) {
        // Two players racing for the same seat: the loser takes the next one.
        if (!(e instanceof VersionConflict) || attempt >= this.maxRetries) throw conflict(e);
      }
    }
  }

  /**
   * Runs a command of another concern (timeouts, bots, leaving …): `decide` sees the newest
   * game and returns the events of one commit, or null to write nothing. With `expectedVersion`
   * nothing is written unless the game is still at that version (a late timer changes nothing);
   * without it, a lost race is decided again on the newer game.
   */
  async execute(gameId: string, decide: (agg: Aggregate) => Decision | null, options: { expectedVersion?: number } = {}): Promise<Aggregate> {
    for (let attempt = 0; ; attempt++) {
      const agg = await this.load(gameId);
      if (options.expectedVersion !== undefined && options.expectedVersion !== agg.version) {
        throw new AppError('VERSION_CONFLICT', `expected version ${options.expectedVersion}, the game is at ${agg.version}`);
      }
      const decision = decide(agg);
      if (!decision) return agg;
      try {
        return await this.commit(agg, decision.events, { seat: decision.seat });
      } catch (e) {
        if (!(e instanceof VersionConflict) || options.expectedVersion !== undefined || attempt >= this.maxRetries) throw conflict(e);
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
    if (agg.app.bots[seat] !== undefined) throw new AppError('FORBIDDEN', `seat ${seat} is played by a bot`);
    if (input.commandId !== undefined && agg.commandIds[commandKey(seat, input.commandId)] !== undefined) return this.load(agg.id);
    if (input.expectedVersion !== undefined && input.expectedVersion !== agg.version) {
      throw new AppError('VERSION_CONFLICT', `expected version ${input.expectedVersion}, the game is at ${agg.version}`);
    }
    const events = decideOrRefuse(agg, { type: 'move', seat, move: input.move });
    return this.commit(agg, events, { commandId: input.commandId, seat });
  }

  /** Games still waiting for players, oldest first. */
  async openGames(type?: string): Promise<LobbyEntry[]> {
    return this.lobby ? this.lobby.list(type) : [];
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

  /**
   * The seat a credential opens (null for none: a spectator). A player holding several seats
   * acts for the one that is to move (the lowest first).
   */
  seatOf(agg: Aggregate, token: Credential): Viewer {
    if (token === undefined || token === '') return null;
    if (typeof token === 'object') {
      if ('refused' in token) throw new AppError('UNAUTHENTICATED', token.refused);
      const held = seatsOf(agg.app, token.player);
      if (held.length === 0) return null;
      const toMove = agg.state.started ? agg.table.status(agg.state).toMove : [];
      return held.find((s) => toMove.includes(s)) ?? held[0]!;
    }
    return seatOf(token, agg.id, agg.state.players.map((p) => p.tokenHash));
  }

  /** The full event history as `viewer` may see it. */
  async history(agg: Aggregate, viewer: Viewer): Promise<{ version: number; at: string; seat: number | null; events: TableEvent[] }[]> {
    const commits = await this.store.history(agg.id);
    return commits
      .filter((c) => c.version <= agg.version)
      .map((c) => ({ version: c.version, at: c.at, seat: c.seat ?? null, events: (c.events as TableEvent[]).map((e) => (isAppEvent(e) ? e : agg.table.redact(e, viewer))) }));
  }

  private async commit(agg: Aggregate, decided: TableEvent[], meta: { commandId?: string; seat?: Seat }): Promise<Aggregate> {
    const version = agg.version + 1;
    const now = this.now();
    let events = decided;
    let next = applyCommit(agg, { version, events, ...meta });
    const notes = this.annotators.flatMap((annotate) => annotate(agg, next, now));
    if (notes.length) next = applyCommit(agg, { version, events: (events = [...decided, ...notes]), ...meta });
    const snapshot = version % this.snapshotEvery === 0 ? snapshotOf(next) : undefined;
    await this.store.append(agg.id, agg.version, { events, commandId: meta.commandId, seat: meta.seat, snapshot });
    this.remember(next);
    const commit: Commit = { version, events, at: new Date(now).toISOString(), ...meta };
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

/** The events of `seat` playing `move` (refusals as AppError), for concerns that move for a seat. */
export function moveEvents(agg: Aggregate, seat: Seat, move: unknown): TableEvent[] {
  return decideOrRefuse(agg, { type: 'move', seat, move });
}

/** `events`, then a SeatTaken for each bot seat that comes next (the game starts when the last seat is taken). */
function withBots(agg: Aggregate, events: TableEvent[]): TableEvent[] {
  let draft = applyCommit(agg, { version: agg.version + 1, events });
  const out = [...events];
  for (;;) {
    const kind = draft.app.bots[draft.state.players.length];
    if (kind === undefined || draft.state.started) return out;
    const taken = decideOrRefuse(draft, { type: 'join', name: `${kind} bot`, tokenHash: '' });
    out.push(...taken);
    draft = applyCommit(draft, { version: draft.version, events: taken });
  }
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
