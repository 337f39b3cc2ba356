/**
 * The service: the one door to a game's stream. It keeps the fold cache, the commit listeners and
 * the write (load → decide → one conditional append); each command lives in its own file under
 * commands/ and reaches the stream through the ServiceCore this class hands it.
 */
import type { LinkedSeatsRule } from './seat-marks.js';
import { recordedCommand, type Seat, type Viewer } from '../engine/core/index.js';
import { findGame, games } from '../engine/registry.js';
import { SNAPSHOT_EVERY, VersionConflict, type Commit, type EventStore } from '../store/port.js';
import type { LobbyEntry, LobbyStore, OpenSeatsStore, StatsCounters, StatsStore } from '../store/read-models.js';
import { applyCommit, fromStream, snapshotIsCurrent, snapshotOf, type Aggregate, type GameLookup } from './aggregate.js';
import { seatsOf, type AppEvent, type StreamEvent } from './app-events.js';
import { AppError } from './errors.js';
import { foldBytes } from './fold-size.js';
import { LruCache } from './lru.js';
import { MAX_PAGE, type Page } from './pages.js';
import { seatOf, seatSecretSource } from './tokens.js';
import { storedHash, type StoredHash } from './stored-hash.js';
import type { AnyGame } from '../engine/core/index.js';
import type { CommitMeta, Credential, ServiceCore } from './commands/core.js';
import { createGame, type CreateInput } from './commands/create.js';
import { takeSeat, type JoinOptions } from './commands/join.js';
import { execute, playMove, type Decision, type MoveInput } from './commands/move.js';
import { takeBack } from './commands/take-back.js';
import { finishedHistory, historyFor, lobbyPage, statsOf, type HistoryEntry } from './commands/reads.js';

export type { Credential } from './commands/core.js';
export type { CreateInput } from './commands/create.js';
export type { JoinOptions } from './commands/join.js';
export { MAX_COMMAND_ID, moveDecision, type Decision, type MoveInput } from './commands/move.js';

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
  /** At most this many bytes of folded games in memory (the heap they hold, by fold-size.ts's estimate); default 64 MiB. */
  cacheBytes?: number;
  /** Where failures that must not fail a request are reported (default: console). */
  log?: { error(details: object, message: string): void };
  /** The lobby read model, for `openGames`. */
  lobby?: LobbyStore;
  /** Seats per holder in open games: the read model and the cap (commands/open-seats.ts); none: no cap. */
  openSeats?: { store: OpenSeatsStore; max: number };
  /**
   * The server secret keyed seat tokens are derived with (app/tokens.ts): npm start keeps one in
   * DATA_DIR, AWS derives it from the signing secret. Default: a fresh one, valid until the process ends.
   */
  seatSecret?: string | (() => Promise<string>);
  /**
   * How the table keeps who a request came from (open-seat holders, matchmaking's address holdings,
   * the address counts): a hash keyed by the deployment's signing secret (app/stored-hash.ts).
   * Default: keyed by a fresh secret, the same for this process only.
   */
  storedHash?: StoredHash;
  /** The statistics read model, for `stats`. */
  stats?: StatsStore;
  /** The time commands are decided at, in epoch ms (default: the system clock); the engine never reads one. */
  now?: () => number;
  /** The bot kinds a game may seat (default: any). */
  isBotKind?: (kind: string) => boolean;
  /** A rated game's minimum of moves per registered player (default RATED_MIN_MOVES, app/rated.ts). */
  ratedMinMoves?: number;
  /** Whether a rated game between accounts of one client address or device counts (default UNCOUNTED: app/seat-marks.ts). */
  ratedLinkedSeats?: LinkedSeatsRule;
  /**
   * This process is the store's only writer (npm start: its embedded DynamoDB, the data folder
   * locked), so a cached game is current and is read without asking the store for newer commits.
   * Off by default and on AWS, where every Lambda writes: there a read catches up first.
   */
  soleWriter?: boolean;
}

/** Adds application events (e.g. clocks) to a commit, given the game before and after it and the time. */
export type CommitAnnotator = (before: Aggregate, after: Aggregate, now: number, seat: Seat | undefined) => AppEvent[];

export type CommitListener = (agg: Aggregate, commit: Commit) => void | Promise<void>;

export class ParlorService {
  private readonly store: EventStore;
  private readonly listeners: CommitListener[] = [];
  readonly games: readonly AnyGame[];
  private readonly lookup: GameLookup;
  private readonly snapshotEvery: number;
  private readonly lobby: LobbyStore | undefined;
  private readonly statsStore: StatsStore | undefined;
  private readonly log: NonNullable<ServiceOptions['log']>;
  private readonly annotators: CommitAnnotator[] = [];
  private readonly soleWriter: boolean;
  readonly now: () => number;
  /** The deployment's keyed hash of addresses and holders (ServiceOptions.storedHash). */
  readonly storedHash: StoredHash;
  /** What the command modules reach the stream through. */
  private readonly core: ServiceCore;
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
    this.lobby = options.lobby;
    this.statsStore = options.stats;
    this.log = options.log ?? { error: (details, message) => console.error(message, details) };
    // Bounded by bytes as well as entries (by what the heap holds: fold-size.ts): a game's state grows with its length and options.
    this.cache = new LruCache(options.cachedGames ?? 1000, { maxBytes: options.cacheBytes ?? 64 * 1024 * 1024, sizeOf: foldBytes });
    this.now = options.now ?? Date.now;
    this.soleWriter = options.soleWriter ?? false;
    this.storedHash = options.storedHash ?? storedHash(undefined);
    this.core = {
      store: this.store,
      lookup: this.lookup,
      maxRetries: options.maxRetries ?? 20,
      optimistic: options.optimistic ?? true,
      now: this.now,
      isBotKind: options.isBotKind ?? (() => true),
      ...(options.ratedMinMoves !== undefined && { ratedMinMoves: options.ratedMinMoves }),
      ...(options.ratedLinkedSeats !== undefined && { ratedLinkedSeats: options.ratedLinkedSeats }),
      ...(options.openSeats && { openSeats: { ...options.openSeats, log: this.log, hash: this.storedHash } }),
      seatSecret: seatSecretSource(options.seatSecret),
      storedHash: this.storedHash,
      load: (gameId) => this.load(gameId),
      cached: (gameId) => this.cache.get(gameId),
      commit: (agg, events, meta) => this.commit(agg, events, meta),
      seatOf: (agg, token) => this.seatOf(agg, token),
    };
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

  create(input: CreateInput): Promise<Aggregate> {
    return createGame(this.core, input);
  }

  /** Takes the next free seat for a holder of the seat token it answers (see commands/join.ts). */
  async join(gameId: string, name: string, options: Omit<JoinOptions, 'bot'> = {}): Promise<{ agg: Aggregate; seat: Seat; token: string }> {
    const { agg, seat, token } = await takeSeat(this.core, gameId, name, undefined, options);
    return { agg, seat, token: token! };
  }

  /** Takes a seat bound to a registered player (idempotent); `bot`: a bot run by its author. */
  joinAsPlayer(gameId: string, name: string, player: string, options: Pick<JoinOptions, 'entropy' | 'bot' | 'holder'> = {}): Promise<{ agg: Aggregate; seat: Seat }> {
    return takeSeat(this.core, gameId, name, player, options);
  }

  /** Runs a command of another concern (timeouts, bots, leaving …): see commands/move.ts. */
  execute(gameId: string, decide: (agg: Aggregate) => Decision | null, options: { expectedVersion?: number } = {}): Promise<Aggregate> {
    return execute(this.core, gameId, decide, options);
  }

  move(input: MoveInput): Promise<Aggregate> {
    return playMove(this.core, input);
  }

  /** The caller's seat takes its last move back (commands/take-back.ts). */
  takeBack(gameId: string, token: Credential): Promise<Aggregate> {
    return takeBack(this.core, gameId, token);
  }

  /** Games still waiting for players, oldest first: the first page (see `lobbyPage` for the rest). */
  async openGames(type?: string): Promise<LobbyEntry[]> {
    return (await this.lobbyPage(type, MAX_PAGE)).edges.map((e) => e.node);
  }

  lobbyPage(type?: string, first?: number, after?: string): Promise<Page<LobbyEntry>> {
    return lobbyPage(this.lobby, type === undefined ? this.games.map((g) => g.id) : [type], first, after);
  }

  stats(type: string, seats?: number): Promise<StatsCounters[]> {
    return statsOf(this.statsStore, this.lookup, type, seats);
  }

  history(agg: Aggregate, viewer: Viewer): Promise<HistoryEntry[]> {
    return historyFor(this.core, agg, viewer);
  }

  finishedHistory(gameId: string): Promise<{ agg: Aggregate; commits: Commit[] }> {
    return finishedHistory(this.core, gameId);
  }

  /** The commits up to `version`, unredacted: for the app's own folds (replays: game-at.ts), never for a client as they are. */
  async commitsUpTo(gameId: string, version: number): Promise<Commit[]> {
    return (await this.store.history(gameId)).filter((c) => c.version <= version);
  }

  /**
   * The game at its newest version; NOT_FOUND if there is none. A game this process has
   * seen is caught up from its cached fold by reading only the newer commits.
   */
  async load(gameId: string): Promise<Aggregate> {
    const cached = this.cache.get(gameId);
    if (cached && this.soleWriter) return cached;
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

  /**
   * The game for a decision written pinned to its version (a server move): this process's fold
   * when it is at `seen` or past it (the commit that asked, or a later one), else `load`. A newer
   * commit elsewhere refuses the pinned write, and its own delivery asks again.
   */
  async loadSince(gameId: string, seen: number): Promise<Aggregate> {
    const cached = this.cache.get(gameId);
    return cached && cached.version >= seen ? cached : this.load(gameId);
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

  private async commit(agg: Aggregate, decided: StreamEvent[], { command, ...meta }: CommitMeta): Promise<Aggregate> {
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
    const { position } = await this.store.append(agg.id, agg.version, { events, commandId: meta.commandId, seat: meta.seat, by: meta.by, command: recorded, snapshot }).catch((e: unknown) => {
      // A lost race means the cached fold is behind (another writer after all): the next read folds from the store.
      if (this.soleWriter && e instanceof VersionConflict) this.cache.delete(agg.id);
      throw e;
    });
    this.remember(next);
    // No listeners (the http Lambda: reactions run from DynamoDB Streams): no commit record to build for them.
    if (this.listeners.length === 0) return next;
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
