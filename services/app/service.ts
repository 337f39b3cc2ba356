/**
 * The commands and queries of Parlor: create, join, move, read. Each command is
 * load → decide → append (one conditional write); nothing here knows HTTP or DynamoDB.
 */
import { randomUUID } from 'node:crypto';
import { newSeed, recordedCommand, type Seat, type TableCommand, type TableEvent, type Viewer } from '../engine/core/index.js';
import { findGame, games } from '../engine/registry.js';
import { SNAPSHOT_EVERY, VersionConflict, type Commit, type EventStore } from '../store/port.js';
import { applyCommit, fromStream, snapshotIsCurrent, snapshotOf, tableFor, type Aggregate, type GameLookup } from './aggregate.js';
import { DEFAULT_SETTINGS, initialAppState, isAppEvent, seatsOf, type AppEvent, type GameSettings } from './app-events.js';
import { AppError, asAppError } from './errors.js';
import { appEventFor } from './app-event-sight.js';
import { checkNotSealed, isSealed } from './sealed.js';
import { LruCache } from './lru.js';
import { committedVersion, fingerprinted } from './commands.js';
import { checkFirst, cursorKey, DEFAULT_PAGE, MAX_PAGE, pageOf, type Page } from './pages.js';
import { newToken, seatForKey, seatOf, tokenFromKey } from './tokens.js';
import { checkRatedCreate, checkRatedJoin } from './rated.js';
import type { AnyGame } from '../engine/core/index.js';
import { lobbyPosition, type LobbyEntry, type LobbyStore } from './projections.js';
import type { StatsCounters, StatsStore } from '../analytics/stats-projection.js';

export interface ServiceOptions {
  store: EventStore;
  /** The games offered; defaults to the registry. */
  games?: readonly AnyGame[];
  /** A snapshot is written on every Nth commit (default SNAPSHOT_EVERY, which the store's reads are sized for). */
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
  /** The time commands are decided at, in epoch ms (default: the system clock); the engine never reads one. */
  now?: () => number;
  /** The bot kinds a game may seat (default: any). */
  isBotKind?: (kind: string) => boolean;
}

/**
 * Who is calling: a seat token, a registered player (verified by the api), or nobody.
 * A player credential whose token did not verify carries the refusal, raised when used.
 */
export type Credential = string | { player: string; bot?: true; device?: string } | { refused: string } | undefined;

/** Adds application events (e.g. clocks) to a commit, given the game before and after it and the time. */
export type CommitAnnotator = (before: Aggregate, after: Aggregate, now: number, seat: Seat | undefined) => AppEvent[];

/** What a command decided: the events of one commit, and the seat that issued it. */
export interface Decision {
  events: TableEvent[];
  seat?: Seat;
  /** The table command the events came from, for the game's record (a bot's move, a timeout's move). */
  command?: TableCommand;
  /** Who played the commit for the seat, when not its holder ("bot:search:1", "auto"): shown in the history. */
  by?: string;
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

export interface JoinOptions {
  /** The player's public contribution to the deal's seed (see the game's record). */
  entropy?: string;
  /** The client's own secret: joining again with it returns the same seat and token. */
  joinKey?: string;
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
  private readonly statsStore: StatsStore | undefined;
  private readonly optimistic: boolean;
  private readonly log: NonNullable<ServiceOptions['log']>;
  private readonly annotators: CommitAnnotator[] = [];
  private readonly isBotKind: (kind: string) => boolean;
  readonly now: () => number;
  /** Folded games by id, newest version each: an aggregate is immutable, so sharing is safe. */
  private readonly cache: LruCache<string, Aggregate>;
  /**
   * Seat tokens already verified, by the game's players list (the same array from version to
   * version until someone joins): a move and the reads around it hash their token once. Only
   * successes are kept, at most one per seat; entries go with the players list.
   */
  private readonly verifiedTokens = new WeakMap<object, Map<string, { gameId: string; seat: Seat }>>();

  constructor(options: ServiceOptions) {
    this.store = options.store;
    this.games = options.games ?? games;
    this.lookup = options.games ? (id) => this.games.find((g) => g.id === id) : findGame;
    this.snapshotEvery = options.snapshotEvery ?? SNAPSHOT_EVERY;
    this.maxRetries = options.maxRetries ?? 20;
    this.lobby = options.lobby;
    this.statsStore = options.stats;
    this.optimistic = options.optimistic ?? true;
    this.log = options.log ?? { error: (details, message) => console.error(message, details) };
    // Bounded by bytes as well as entries: a game's state grows with its length and options.
    this.cache = new LruCache(options.cachedGames ?? 1000, { maxBytes: options.cacheBytes ?? 64 * 1024 * 1024, sizeOf: aggregateBytes });
    this.now = options.now ?? Date.now;
    this.isBotKind = options.isBotKind ?? (() => true);
  }

  /** What the fold cache holds now (games, estimated bytes). */
  get cached(): { games: number; bytes: number } {
    return { games: this.cache.size, bytes: this.cache.bytes };
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
    checkRatedCreate(input);
    const id = randomUUID();
    const empty: Aggregate = { id, version: 0, table: tableFor(game), state: null as never, commandIds: {}, app: initialAppState() };
    const command: TableCommand = { type: 'create', game: game.id, seats: input.seats, options: input.options ?? {}, seed: input.seed ?? newSeed(), seedFixed: input.seed !== undefined };
    const created = decideOrRefuse(empty, command);
    if (!input.settings) return this.commit(empty, created, { command });
    const settings = this.checkSettings({ ...DEFAULT_SETTINGS, ...input.settings }, input.seats);
    return this.commit(empty, withBots(empty, [...created, { type: 'GameSettings', ...settings }]), { command });
  }

  private checkSettings(settings: Omit<GameSettings, 'type'>, seats: number): Omit<GameSettings, 'type'> {
    const botSeats = new Set(settings.bots.map((b) => b.seat));
    if (botSeats.size !== settings.bots.length || settings.bots.some((b) => !Number.isInteger(b.seat) || b.seat < 0 || b.seat >= seats)) {
      throw new AppError('BAD_INPUT', `bot seats are distinct, from 0 to ${seats - 1}`);
    }
    // A tournament may seat bot entrants only: its tables are arranged, not joined.
    if (botSeats.size >= seats && !settings.tournament) throw new AppError('BAD_INPUT', 'a game needs at least one seat for a human');
    const unknown = settings.bots.find((b) => !this.isBotKind(b.kind));
    if (unknown) throw new AppError('BAD_INPUT', `unknown bot kind "${unknown.kind}"`);
    if (settings.timeoutBot !== undefined && !this.isBotKind(settings.timeoutBot)) throw new AppError('BAD_INPUT', `unknown bot kind "${settings.timeoutBot}"`);
    return settings;
  }

  /**
   * Takes the next free seat (then seats any bots that come next). `entropy` is the player's public
   * contribution to the deal's seed; with a `joinKey`, a retry of a join whose answer was lost
   * returns the same seat and token. `joinAsPlayer`: the seat is bound to the player and the join
   * is idempotent: the player's seat comes back, never a second one (unless the game allows one
   * player several seats). Players get no seat token: their player token acts for their seats.
   */
  async join(gameId: string, name: string, options: JoinOptions = {}): Promise<{ agg: Aggregate; seat: Seat; token: string }> {
    const { agg, seat, token } = await this.takeSeat(gameId, name, undefined, options);
    return { agg, seat, token: token! };
  }

  /** `bot`: the player is a bot run by its author (a registered player of kind BOT); the seat says so. */
  async joinAsPlayer(gameId: string, name: string, player: string, options: Pick<JoinOptions, 'entropy'> & { bot?: true } = {}): Promise<{ agg: Aggregate; seat: Seat }> {
    return this.takeSeat(gameId, name, player, options);
  }

  private async takeSeat(gameId: string, name: string, player: string | undefined, { entropy, joinKey, bot }: JoinOptions & { bot?: true }): Promise<{ agg: Aggregate; seat: Seat; token: string | null }> {
    for (let attempt = 0; ; attempt++) {
      const agg = await this.load(gameId);
      if (agg.app.cancelled) throw new AppError('GAME_OVER', `the game was ${agg.app.cancelled}`);
      const held = player === undefined ? [] : seatsOf(agg.app, player);
      if (held.length > 0 && !agg.app.settings.multiSeat) return { agg, seat: held[0]!, token: null };
      const again = joinKey === undefined ? null : seatForKey(gameId, joinKey, agg.state.players.map((p) => p.tokenHash));
      if (again) return { agg, ...again };
      checkRatedJoin(agg, player);
      const seat = agg.state.players.length;
      const { token, tokenHash } = player !== undefined ? { token: null, tokenHash: '' } : joinKey === undefined ? newToken(gameId, seat) : tokenFromKey(gameId, seat, joinKey);
      const command: TableCommand = { type: 'join', name, tokenHash, ...(entropy !== undefined && { entropy }) };
      const taken = decideOrRefuse(agg, command);
      const claimed = player === undefined ? taken : [...taken, { type: 'SeatClaimed', seat, player, ...(bot && { bot }) } as TableEvent];
      try {
        return { agg: await this.commit(agg, withBots(agg, claimed), { command }), seat, token };
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
        return await this.commit(agg, decision.events, { seat: decision.seat, command: decision.command, by: decision.by });
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
    // Decided with the deadline, not the timer: a seat whose time ran out cannot move late, even before its timeout fires.
    const deadline = agg.app.clocks[seat]?.deadline;
    if (deadline && Date.parse(deadline) <= this.now()) throw new AppError('NOT_YOUR_TURN', `seat ${seat}'s time ran out at ${deadline}`);
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

  /**
   * Games still waiting for players, oldest first, a page at a time: one bounded query per
   * game type asked (each type's next `first + 1`), merged.
   */
  async lobbyPage(type?: string, first = DEFAULT_PAGE, after?: string): Promise<Page<LobbyEntry>> {
    checkFirst(first);
    const from = after === undefined ? undefined : cursorKey(after);
    const types = type === undefined ? this.games.map((g) => g.id) : [type];
    const lobby = this.lobby;
    const entries = lobby ? (await Promise.all(types.map((t) => lobby.page(t, first + 1, from)))).flat().sort((a, b) => (lobbyPosition(a) < lobbyPosition(b) ? -1 : 1)) : [];
    return pageOf(entries, lobbyPosition, first);
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
    let stream = await this.store.load(gameId);
    if (!stream) throw new AppError('NOT_FOUND', `no game ${gameId}`);
    if (stream.snapshot && !snapshotIsCurrent(stream.snapshot.data)) stream = { version: stream.version, snapshot: null, commits: await this.store.history(gameId) };
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
    const players = agg.state.players;
    const known = this.verifiedTokens.get(players)?.get(token);
    if (known?.gameId === agg.id) return known.seat;
    const seat = seatOf(token, agg.id, players.map((p) => p.tokenHash));
    let verified = this.verifiedTokens.get(players);
    if (!verified) this.verifiedTokens.set(players, (verified = new Map()));
    if (verified.size < players.length) verified.set(token, { gameId: agg.id, seat });
    return seat;
  }

  /** The full event history as `viewer` may see it (a sealed game's seed stays out of its GameEnded). */
  async history(agg: Aggregate, viewer: Viewer): Promise<{ version: number; at: string; seat: number | null; by: string | null; events: TableEvent[] }[]> {
    checkNotSealed(agg, viewer);
    const commits = await this.store.history(agg.id);
    const sealed = isSealed(agg);
    const shown = (e: TableEvent) => (sealed && e.type === 'GameEnded' ? withoutSeed(e) : agg.table.redact(e, viewer));
    return commits
      .filter((c) => c.version <= agg.version)
      .map((c) => ({ version: c.version, at: c.at, seat: c.seat ?? null, by: c.by ?? null, events: (c.events as TableEvent[]).flatMap((e) => (isAppEvent(e) ? (appEventFor(e, agg.app.settings, viewer) ?? []) : [shown(e)])) as TableEvent[] }));
  }

  /**
   * Every commit of a finished (or cancelled) game, with the commands that produced them: the raw
   * material of its public record. FORBIDDEN while the game runs (commands and events still hold secrets).
   */
  async finishedHistory(gameId: string): Promise<{ agg: Aggregate; commits: Commit[] }> {
    const agg = await this.load(gameId);
    if (!agg.state.ended && !agg.app.cancelled) throw new AppError('FORBIDDEN', 'a game’s record is published when it ends');
    if (isSealed(agg)) throw new AppError('FORBIDDEN', 'a duplicate tournament game’s record is published when every table of its board has ended');
    return { agg, commits: await this.store.history(gameId) };
  }

  private async commit(agg: Aggregate, decided: TableEvent[], { command, ...meta }: { commandId?: string; seat?: Seat; command?: TableCommand; by?: string }): Promise<Aggregate> {
    const version = agg.version + 1;
    const now = this.now();
    let events = decided;
    let next = applyCommit(agg, { version, events, ...meta });
    const notes = this.annotators.flatMap((annotate) => annotate(agg, next, now, meta.seat));
    if (notes.length) {
      // The notes fold onto the game after the decided events (not the whole commit again).
      events = [...decided, ...notes];
      next = applyCommit(next, { version, events: notes, seat: meta.seat });
    }
    const snapshot = version % this.snapshotEvery === 0 ? snapshotOf(next) : undefined;
    // The command goes into the record without its secrets (seed, token hash).
    const recorded = command && recordedCommand(command);
    const { position } = await this.store.append(agg.id, agg.version, { events, commandId: meta.commandId, seat: meta.seat, by: meta.by, command: recorded, snapshot });
    this.remember(next);
    const commit: Commit = { version, events, at: new Date(now).toISOString(), command: recorded, ...meta, ...(position !== undefined && { position }) };
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
/**
 * A folded game's size, estimated by its JSON (strings count once per character). Measuring is a
 * full stringify, so a cached game is re-measured every MEASURE_EVERY versions, not on every move:
 * a state grows by a few events per version, far below the budget's grain.
 */
const MEASURE_EVERY = 32;
function aggregateBytes(agg: Aggregate, previous: number | undefined): number {
  if (previous !== undefined && agg.version % MEASURE_EVERY !== 0) return previous;
  return JSON.stringify(agg.state).length + JSON.stringify(agg.commandIds).length;
}

/** The commit of a move the server plays for `seat` (a bot, a formality, a timeout), with its command for the record. */
export function moveDecision(agg: Aggregate, seat: Seat, move: unknown, before: TableEvent[] = []): Decision {
  const command: TableCommand = { type: 'move', seat, move };
  return { events: [...before, ...decideOrRefuse(agg, command)], seat, command };
}

/**
 * `events`, then a SeatTaken for each bot seat that comes next, and for each seat given to a player
 * at creation (`seated`, with its SeatClaimed); the game starts when the last seat is taken.
 */
function withBots(agg: Aggregate, events: TableEvent[]): TableEvent[] {
  let draft = applyCommit(agg, { version: agg.version + 1, events });
  const out = [...events];
  for (;;) {
    const seat = draft.state.players.length;
    const kind = draft.app.bots[seat];
    const given = draft.app.settings.seated?.find((p) => p.seat === seat);
    if ((kind === undefined && !given) || draft.state.started) return out;
    const joined = decideOrRefuse(draft, { type: 'join', name: given ? given.name : `${kind} bot`, tokenHash: '' });
    const taken = given ? [...joined, { type: 'SeatClaimed', seat, player: given.player } as TableEvent] : joined;
    out.push(...taken);
    draft = applyCommit(draft, { version: draft.version, events: taken });
  }
}

function withoutSeed(e: TableEvent): TableEvent {
  const { seed: _secret, ...rest } = e as TableEvent & { seed?: string };
  return rest as TableEvent;
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
