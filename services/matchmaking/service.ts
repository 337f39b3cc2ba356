/**
 * Finding a game (issue 42): seeks (open challenges, listed; a challenge by name is a seek only
 * its target may accept), quick play (pools paired by rating and waiting time, bots after a
 * wait), and a bot challenged by name. Every write is conditional: a seek's seats are appended to
 * its stream at a version, a pool entry is claimed by one conditional update, so two processes
 * never seat one player twice. The time is the service's clock, passed into every decision.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Aggregate } from '../app/aggregate.js';
import type { TimeControl } from '../app/app-events.js';
import { AppError, asAppError } from '../app/errors.js';
import type { ParlorService } from '../app/service.js';
import { tableFor } from '../engine/core/index.js';
import { clientNetwork, gameMarkKey, marksUnder, sourceMarks, type SeatMarks } from '../app/seat-marks.js';
import { AggregateRunner, type DeadMark, type PendingMarks } from '../app/aggregate-runner.js';
import { VersionConflict, type EventStore } from '../store/port.js';
import { pair } from './pairing.js';
import { decide, fold, isExpired, type RatingRange, type SeekCommand, type SeekEvent, type SeekState, type SeekTerms } from './seek.js';
import { MATCH_SETTINGS, type MatchSettings } from './settings.js';
import type { Holdings, PoolEntry, PoolStore, SeekListing } from './store.js';

export interface MatchPorts {
  seeks: EventStore;
  listing: SeekListing;
  holdings: Holdings;
  pool: PoolStore;
  /** Filled seeks whose game may not be created and announced yet (a kill mid-way): finished by `resume`. */
  pending: PendingMarks;
  /** Which seats of each started game were told (GAME_STARTED once per game per seat). */
  startedSeats: { claim(gameId: string, seat: number): Promise<boolean> };
}

export interface MatchLookups {
  /** The player's conservative rating (μ − 3σ) of the game; 0 for none yet. */
  ratingOf(player: string, game: string): Promise<number>;
  /** The player's registered name, if registered. */
  nameOf(player: string): Promise<string | undefined>;
}

/** A game matchmaking started: who sits where (notifications tell each of them); each seat is given to listeners once. */
export type StartedListener = (agg: Aggregate, seated: { seat: number; player: string }[]) => Promise<void>;

export interface OpenSeekInput {
  game: string;
  seats: number;
  options?: unknown;
  timeControl?: TimeControl;
  rated?: boolean;
  ratingRange?: RatingRange;
  /** How long it stays open (minutes; default and maximum: settings). */
  minutes?: number;
}

export interface QuickPlayInput {
  game: string;
  seats?: number;
  timeControl?: TimeControl;
  rated?: boolean;
  /** Seats the player lets bots fill after the wait (default 0). */
  bots?: number;
}

/** Where a request came from: the client address (kept only as a hash, as a holder key), the device; a rated game's seats keep keyed marks of both (linked seats). */
export interface MatchSource {
  address?: string;
  device?: string;
}

/** The bot that fills quick play's bot seats. */
export const QUICK_PLAY_BOT = 'greedy';

/** A pool's key: the game, the seats, the clock and rated or not; players of one pool fit each other's settings. */
export function poolKey(game: string, seats: number, timeControl: TimeControl | undefined, rated: boolean): string {
  const tc = !timeControl ? 'none' : 'perMoveMs' in timeControl ? `m${timeControl.perMoveMs}` : `b${timeControl.bankMs}+${timeControl.incrementMs}`;
  return `${game}|${seats}|${tc}|${rated ? 'rated' : 'casual'}`;
}

export function parsePoolKey(key: string): { game: string; seats: number; timeControl?: TimeControl; rated: boolean } {
  const [game, seats, tc, rated] = key.split('|');
  const m = /^m(\d+)$/.exec(tc!);
  const b = /^b(\d+)\+(\d+)$/.exec(tc!);
  const timeControl = m ? { perMoveMs: Number(m[1]) } : b ? { bankMs: Number(b[1]), incrementMs: Number(b[2]) } : undefined;
  return { game: game!, seats: Number(seats), ...(timeControl && { timeControl }), rated: rated === 'rated' };
}

/** Holdings are kept per kind (seeks, pool entries), each with its own limit. */
const DAY_S = 24 * 3600;
/** A holding no one added to for this long is removed by the table's TTL (Holdings.add). */
const HOLDING_IDLE_S = 31 * DAY_S;
type HoldKind = 'seeks' | 'pool' | 'challenges';
const playerHolder = (player: string, kind: HoldKind) => `PLAYER#${player}#${kind}`;
/** A pool entry as a player holds it (the holder names the player) and as an address does (several players may share one). */
const poolHold = (pool: string) => `pool:${pool}`;
const addressPoolHold = (pool: string, player: string) => `pool:${pool}@${player}`;

/** A filled seek's game id, derived from the seek's: a filling cut off by a crash finds (or makes) the same game again. */
export function seekGameId(seekId: string): string {
  const h = createHash('sha256').update(`seek-game:${seekId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * How long a process trusts the pool marker it wrote: it writes it again after this, and the beat
 * deletes an empty pool's marker only once it is this old. Ten minutes: a busy pool's marker
 * takes a write per process per ten minutes, and a pool left empty leaves the beat's list after it.
 */
export const MARK_REFRESH_MS = 10 * 60_000;

export class Matchmaking {
  private readonly seekListeners: ((seek: SeekState) => void)[] = [];
  /** Hear that the beat has work: a player entered a pool, a seek's follow-up was marked (the local ticker keeps its pace). */
  private readonly workListeners: (() => void)[] = [];
  /** The last beat found nothing to do: no pool marked, no follow-up listed (a local beat then waits longer: ticker.ts). */
  idle = false;
  private readonly startedListeners: StartedListener[] = [];
  /**
   * When this process last wrote each pool's marker: it writes one again only after MARK_REFRESH_MS,
   * so a busy pool's marker (one item) takes a write per process per window, not one per entry.
   * Entries older than the window are swept when a marker is written.
   */
  private readonly marked = new Map<string, number>();
  /** Each seek's stream: load, decide, append at the version read, again on a stale one; then the list and holdings follow. */
  private readonly seeks: AggregateRunner<SeekState, SeekCommand, SeekEvent>;

  constructor(
    private readonly games: ParlorService,
    private readonly ports: MatchPorts,
    private readonly lookups: MatchLookups,
    readonly settings: MatchSettings = MATCH_SETTINGS,
    private readonly log: { error(details: object, message: string): void } = { error: (d, m) => console.error(m, d) },
  ) {
    // A seek's filling is appended first, its game created and announced after (the follow-up): a kill between them leaves a mark `resume` finishes.
    this.seeks = new AggregateRunner<SeekState, SeekCommand, SeekEvent>(ports.seeks, { noun: 'seek', decide, fold }, (id, before, next) => this.seekCommitted(id, before, next), {
      due: (before, next) => next.status === 'FILLED' && before?.status !== 'FILLED',
      run: (id, state) => this.startSeekGame(id, state),
      marks: ports.pending,
      marked: () => this.work(),
    });
  }

  /** Hears when the beat has work (services/matchmaking/ticker.ts: back to its pace from idle). */
  onWork(listener: () => void): void {
    this.workListeners.push(listener);
  }

  private work(): void {
    for (const l of this.workListeners) l();
  }

  /** Hears of every seek change (the open-challenges subscription). */
  onSeek(listener: (seek: SeekState) => void): void {
    this.seekListeners.push(listener);
  }

  /** Hears of every game matchmaking starts (notifications). */
  onStarted(listener: StartedListener): void {
    this.startedListeners.push(listener);
  }

  private now(): number {
    return this.games.now();
  }

  private gameType(id: string) {
    const game = this.games.games.find((g) => g.id === id);
    if (!game) throw new AppError('BAD_INPUT', `unknown game type "${id}"`);
    return game;
  }

  // ── seeks ────────────────────────────────────────────────────────────────

  /** Opens a seek (or a challenge by name, with `for`): the opener takes the first seat. */
  async openSeek(creator: string, input: OpenSeekInput & { for?: string }, from: MatchSource = {}): Promise<SeekState> {
    const game = this.gameType(input.game);
    if (!Number.isInteger(input.seats) || input.seats < game.seats.min || input.seats > game.seats.max) throw new AppError('BAD_INPUT', `${game.id} takes ${game.seats.min} to ${game.seats.max} seats`);
    if (input.seats < 2) throw new AppError('BAD_INPUT', 'a seek needs a seat for someone else');
    const minutes = input.minutes ?? this.settings.seekMinutes;
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > this.settings.seekMaxMinutes) throw new AppError('BAD_INPUT', `a seek lasts 1 to ${this.settings.seekMaxMinutes} minutes`);
    const r = input.ratingRange;
    if (r && ((r.min !== undefined && !Number.isFinite(r.min)) || (r.max !== undefined && !Number.isFinite(r.max)) || (r.min !== undefined && r.max !== undefined && r.min > r.max))) throw new AppError('BAD_INPUT', 'ratingRange: min ≤ max, numbers');
    if (input.for === creator) throw new AppError('BAD_INPUT', 'a challenge is for someone else');
    if (input.for !== undefined && input.seats !== 2) throw new AppError('BAD_INPUT', 'a challenge by name has two seats: yours and theirs');
    if (input.for !== undefined && !(await this.lookups.nameOf(input.for))) throw new AppError('NOT_FOUND', 'no such player');
    // The game's own checks of seats and options, before anyone waits on a seek that cannot start.
    try {
      tableFor(game).decide(null, { type: 'create', game: game.id, seats: input.seats, options: input.options ?? {}, seed: 'check', seedFixed: true });
    } catch (e) {
      throw asAppError(e) ?? e;
    }
    const name = (await this.lookups.nameOf(creator)) ?? creator.slice(0, 8);
    const id = randomUUID();
    await this.hold(creator, from, `seek:${id}`, 'seeks', this.settings.seeksPerPlayer, this.settings.seeksPerAddress);
    // A challenge by name is in its target's holdings too (so mySeeks finds it), bounded there as well: one item holds them.
    if (input.for !== undefined && !(await this.holdOrPrune(playerHolder(input.for, 'challenges'), `seek:${id}`, this.settings.challengesPerPlayer))) {
      await this.ports.holdings.remove(playerHolder(creator, 'seeks'), `seek:${id}`);
      if (from.address) await this.ports.holdings.remove(`${await this.addressKey(from.address)}#seeks`, `seek:${id}`);
      throw new AppError('CHALLENGES_FULL', `that player has ${this.settings.challengesPerPlayer} open challenges already; try later`);
    }
    const now = this.now();
    const terms: SeekTerms = { game: game.id, seats: input.seats, options: input.options ?? {}, ...(input.timeControl && { timeControl: input.timeControl }), rated: input.rated === true, ...(r && { ratingRange: r }), ...(input.for !== undefined && { for: input.for }) };
    const marks = terms.rated ? await sourceMarks(this.games.storedHash, `seek:${id}`, from) : undefined;
    return this.seeks.commit(id, null, 0, decide(null, { type: 'open', creator, name, now, expiresAt: new Date(now + minutes * 60_000).toISOString(), ...terms, ...(marks && { marks }) }));
  }

  /**
   * Takes a seat of the seek; the last seat fills it, naming its game (seekGameId), in the same
   * append, and only then is the game created and announced (the runner's follow-up). So a lost
   * race creates nothing, and a crash after the append leaves work `resume` finishes.
   */
  async acceptSeek(id: string, player: string, from: MatchSource = {}): Promise<SeekState> {
    const name = (await this.lookups.nameOf(player)) ?? player.slice(0, 8);
    return this.seeks.retry(id, async ({ state, version }) => {
      const now = this.now();
      if (isExpired(state, now)) {
        await this.expire(id);
        throw new AppError('SEEK_CLOSED', 'the seek has expired');
      }
      const rating = state.ratingRange ? await this.lookups.ratingOf(player, state.game) : 0;
      const marks = state.rated ? await sourceMarks(this.games.storedHash, `seek:${id}`, from) : undefined;
      const events = decide(state, { type: 'accept', player, name, rating, now, ...(marks && { marks }) });
      if (events.length === 0) {
        // A seated player asking again (their answer lost to a crash): the filled seek's game is made sure of.
        if (state.status === 'FILLED') await this.seeks.finish(id, state);
        return state;
      }
      const seated = fold(events, id, state);
      if (seated.seated.length === seated.seats) events.push(...decide(seated, { type: 'fill', gameId: seekGameId(id) }));
      return this.seeks.commit(id, state, version, events);
    });
  }

  /** Finishes what a crash cut short: filled seeks whose game was not created or announced (those whose wait is over). How many were finished. */
  resume(): Promise<number> {
    return this.seeks.resume(this.log, this.now());
  }

  /** The filled seeks whose follow-up was given up on (after FOLLOW_UP_ATTEMPTS failed tries): for an operator. */
  deadFollowUps(): Promise<DeadMark[]> {
    return this.ports.pending.dead();
  }

  /** A filled seek's game: created with every seat given unless it exists (idempotent), then announced. */
  private async startSeekGame(_id: string, state: SeekState): Promise<void> {
    const gameId = state.gameId!;
    let agg: Aggregate;
    try {
      agg = await this.games.create({ id: gameId, game: state.game, seats: state.seats, options: state.options, settings: this.tableSettings(gameId, state.creator, state.timeControl, state.rated, state.seated, 0) });
    } catch (e) {
      // Created before (a crash after it, or another process finishing the same seek): that game stands.
      if (!(e instanceof VersionConflict) && !(e instanceof AppError && e.code === 'VERSION_CONFLICT')) throw e;
      agg = await this.games.load(gameId);
    }
    await this.started(agg);
  }

  async cancelSeek(id: string, player: string): Promise<SeekState> {
    return this.seeks.execute(id, () => ({ type: 'cancel', by: player }));
  }

  /** Writes an expired seek's closing (any caller may: the time decides). */
  async expire(id: string): Promise<SeekState> {
    return this.seeks.execute(id, () => ({ type: 'expire', now: this.now() }));
  }

  async seek(id: string): Promise<SeekState> {
    return (await this.seeks.load(id)).state;
  }

  /** The open seeks, oldest first, without those past their expiry (each is closed on the way). */
  async openSeeks(first = 50, game?: string): Promise<SeekState[]> {
    if (!Number.isInteger(first) || first < 1 || first > 100) throw new AppError('BAD_INPUT', 'first is 1 to 100');
    const now = this.now();
    // A game type narrows the page after the read: read the most a page may hold then.
    const listed = await this.ports.listing.list(game === undefined ? first : 100);
    const expired = listed.filter((s) => isExpired(s, now));
    await Promise.all(expired.map((s) => this.expire(s.id).catch(() => undefined)));
    return listed.filter((s) => !isExpired(s, now) && (game === undefined || s.game === game)).slice(0, first);
  }

  /** The player's own open seeks and challenges addressed to them (read from their holdings and the seeks' streams). */
  async mySeeks(player: string): Promise<SeekState[]> {
    const held = await Promise.all((['seeks', 'challenges'] as const).map((kind) => this.ports.holdings.list(playerHolder(player, kind))));
    const ids = held.flat().filter((h) => h.startsWith('seek:')).map((h) => h.slice(5));
    const seeks = await Promise.all(ids.map((id) => this.seek(id).catch(() => null)));
    return seeks.filter((s): s is SeekState => s !== null && s.status === 'OPEN' && !isExpired(s, this.now()));
  }

  // ── challenge by name ────────────────────────────────────────────────────

  /** A bot by its spec: the game starts at once, the challenger in seat 0 and the bot in the others. */
  async challengeBot(player: string, input: { game: string; bot: string; seats?: number; options?: unknown; timeControl?: TimeControl; rated?: boolean }): Promise<Aggregate> {
    const game = this.gameType(input.game);
    const seats = input.seats ?? game.seats.min;
    const name = (await this.lookups.nameOf(player)) ?? player.slice(0, 8);
    const settings = { ...this.tableSettings('', player, input.timeControl, input.rated === true, [{ player, name }], 0), bots: Array.from({ length: seats - 1 }, (_, i) => ({ seat: i + 1, kind: input.bot })) };
    const agg = await this.games.create({ game: game.id, seats, options: input.options ?? {}, settings });
    await this.started(agg);
    return agg;
  }

  // ── quick play ───────────────────────────────────────────────────────────

  /** Puts the player in the pool of the game, seats, clock and rated-or-not, and pairs the pool at once. */
  async playNow(player: string, input: QuickPlayInput, from: MatchSource = {}): Promise<PoolEntry> {
    const game = this.gameType(input.game);
    const seats = input.seats ?? game.seats.min;
    if (!Number.isInteger(seats) || seats < Math.max(2, game.seats.min) || seats > game.seats.max) throw new AppError('BAD_INPUT', `${game.id} takes ${game.seats.min} to ${game.seats.max} seats`);
    const bots = input.bots ?? 0;
    if (!Number.isInteger(bots) || bots < 0 || bots > seats - 1) throw new AppError('BAD_INPUT', `bots is 0 to ${seats - 1}`);
    const pool = poolKey(game.id, seats, input.timeControl, input.rated === true);
    const waiting = await this.ports.pool.get(player, pool);
    if (waiting && waiting.gameId === undefined) return waiting;
    await this.hold(player, from, poolHold(pool), 'pool', this.settings.poolEntriesPerPlayer, this.settings.poolEntriesPerAddress, addressPoolHold(pool, player));
    const name = (await this.lookups.nameOf(player)) ?? player.slice(0, 8);
    const rating = await this.lookups.ratingOf(player, game.id);
    const entry = await this.ports.pool.enter({ player, name, pool, rating, bots, enqueuedAt: this.now(), ...(from.address && { address: await this.addressKey(from.address) }) });
    await this.markPool(pool);
    this.work();
    await this.pairPool(pool);
    return (await this.ports.pool.get(player, pool)) ?? entry;
  }

  /** The player's entry in a pool (paired first, so a waiting player's read moves the pool on). */
  async quickPlayStatus(player: string, input: QuickPlayInput): Promise<PoolEntry | null> {
    const game = this.gameType(input.game);
    const pool = poolKey(game.id, input.seats ?? game.seats.min, input.timeControl, input.rated === true);
    const entry = await this.ports.pool.get(player, pool);
    if (entry && entry.gameId === undefined) await this.pairPool(pool);
    return this.ports.pool.get(player, pool);
  }

  /** Leaves the pool; false if the player had just been paired (the game stands). */
  async leavePool(player: string, input: QuickPlayInput): Promise<boolean> {
    const game = this.gameType(input.game);
    const pool = poolKey(game.id, input.seats ?? game.seats.min, input.timeControl, input.rated === true);
    const entry = await this.ports.pool.get(player, pool);
    if (!entry || entry.gameId !== undefined) return false;
    const left = await this.ports.pool.leave(player, pool);
    if (left) await this.release(player, entry.address, pool);
    return left;
  }

  /**
   * The pairing beat: finishes what a crash cut short (`resume`), pairs every marked pool, and
   * unmarks those it finds empty (a pool key holds any clock, so the markers of pools entered once
   * would otherwise grow for ever, and each beat read them all). A local server's ticker runs it;
   * on AWS the timer function's minute rule does. An empty pool's marker is deleted only if no
   * process has written it within MARK_REFRESH_MS: a process that remembers writing it (and so
   * will not write it again for its next entry) keeps it on the beat's list.
   */
  async tick(): Promise<{ resumed: number; seated: number }> {
    const resumed = await this.resume();
    let seated = 0;
    const pools = await this.ports.pool.pools(this.now());
    for (const pool of pools) {
      const paired = await this.pairPoolRead(pool);
      seated += paired.seated;
      if (paired.read > 0) continue;
      if (!(await this.ports.pool.unmarkPool(pool, this.now() - MARK_REFRESH_MS))) continue;
      // Read again: an entry between the read and the delete, by a process whose memory had lapsed, marks it again here.
      if ((await this.ports.pool.waiting(pool)).length > 0) await this.markPool(pool, true);
    }
    this.idle = pools.length === 0 && this.seeks.listed === 0;
    return { resumed, seated };
  }

  /** Writes the pool's marker unless this process wrote it within MARK_REFRESH_MS (or `again`). */
  private async markPool(pool: string, again = false): Promise<void> {
    const now = this.now();
    if (!again && (this.marked.get(pool) ?? -Infinity) > now - MARK_REFRESH_MS) return;
    await this.ports.pool.markPool(pool, now);
    for (const [p, at] of this.marked) if (at <= now - MARK_REFRESH_MS) this.marked.delete(p);
    this.marked.set(pool, now);
  }

  /**
   * Pairs one pool at the current time: each table's entries are claimed one by one (a
   * conditional update each); if one is gone or claimed elsewhere the others are given back. The
   * game is created with every seat given, then each entry records it and leaves the pool.
   */
  async pairPool(pool: string): Promise<number> {
    return (await this.pairPoolRead(pool)).seated;
  }

  /** pairPool, and how many entries it read in the pool (0: the pool was empty; the beat unmarks it). */
  private async pairPoolRead(pool: string): Promise<{ seated: number; read: number }> {
    const { game, seats, timeControl, rated } = parsePoolKey(pool);
    if (!this.games.games.some((g) => g.id === game)) return { seated: 0, read: 0 };
    const now = this.now();
    const entries = await this.ports.pool.waiting(pool);
    const { waiting, seated: finished } = await this.finishCutOff(pool, entries);
    const tables = pair(waiting, seats, now, this.settings);
    let seatedPlayers = finished;
    for (const table of tables) {
      const claim = randomUUID();
      const claimed: PoolEntry[] = [];
      for (const p of table.players) {
        if (!(await this.ports.pool.claim(p.player, pool, claim, now))) break;
        claimed.push(p);
      }
      if (claimed.length < table.players.length) {
        for (const p of claimed) await this.ports.pool.release(p.player, pool, claim);
        continue;
      }
      // A pool entry keeps its address as a hash (the same in every pool): the game keys it again as its own.
      const seated = table.players.map((p) => ({ player: p.player, name: p.name, ...(p.address && { marks: { address: p.address } }) }));
      // The game is named by the claim: a process killed between this append and the seating leaves the entries claimed, and the next pairing finds the game (finishCutOff).
      const agg = await this.games.create({ id: claim, game, seats, options: {}, settings: { ...this.tableSettings(claim, table.players[0]!.player, timeControl, rated, seated, table.bots), bots: Array.from({ length: table.bots }, (_, i) => ({ seat: table.players.length + i, kind: QUICK_PLAY_BOT })) } });
      for (const p of table.players) {
        await this.ports.pool.seat(p.player, pool, claim, agg.id);
        await this.release(p.player, p.address, pool);
      }
      seatedPlayers += table.players.length;
      await this.started(agg);
    }
    return { seated: seatedPlayers, read: entries.length };
  }

  /**
   * Finishes the pairings cut off after their game was created (a process killed mid-pairing):
   * entries still claimed whose claim names an existing game are seated in it, so a player is
   * never paired twice. Seating is conditional on the claim, so a pairing still under way
   * elsewhere and this one write the same thing. The other entries go on to be paired.
   */
  private async finishCutOff(pool: string, entries: PoolEntry[]): Promise<{ waiting: PoolEntry[]; seated: number }> {
    const claims = new Map<string, PoolEntry[]>();
    for (const e of entries) if (e.claim !== undefined) claims.set(e.claim, [...(claims.get(e.claim) ?? []), e]);
    if (claims.size === 0) return { waiting: entries, seated: 0 };
    const done = new Set<string>();
    let seated = 0;
    for (const [claim, players] of claims) {
      const agg = await this.games.load(claim).catch((e: unknown) => {
        if (e instanceof AppError && e.code === 'NOT_FOUND') return null; // not created: the claim lapses (STALE_CLAIM_MS) and they are paired again
        throw e;
      });
      if (!agg) continue;
      for (const p of players) {
        await this.ports.pool.seat(p.player, pool, claim, agg.id);
        await this.release(p.player, p.address, pool);
        done.add(p.player);
      }
      seated += players.length;
      await this.started(agg);
    }
    return { waiting: entries.filter((e) => !done.has(e.player)), seated };
  }

  // ── shared ───────────────────────────────────────────────────────────────

  /** A matched table's settings: every human seat given at creation, the clock, rated or not; a seat that times out gets a bot move. */
  private tableSettings(gameId: string, creator: string, timeControl: TimeControl | undefined, rated: boolean, seated: { player: string; name: string; marks?: SeatMarks }[], _bots: number) {
    return {
      creator,
      ...(timeControl && { timeControl }),
      onTimeout: 'BOT' as const,
      ...(this.settings.timeoutBot !== undefined && { timeoutBot: this.settings.timeoutBot }),
      autoAdvance: true,
      multiSeat: false,
      requireRegistered: true as const,
      ...(rated && { rated: true as const }),
      bots: [] as { seat: number; kind: string }[],
      seated: seated.map((p, seat) => {
        // A rated game's seats keep where they were taken from, keyed by the game (linked seats: app/seat-marks.ts).
        const marks = rated ? marksUnder(gameMarkKey(gameId), p.marks) : undefined;
        return { seat, player: p.player, name: p.name, ...(marks && { marks }) };
      }),
    };
  }

  /**
   * Tells the listeners of a started game, each seat once ever (claimed in the table first: a
   * pairing finished twice tells no one twice; a crash between the claim and the telling loses
   * that notice, the game is still in the player's games). A listener's failure is logged: the
   * game stands, committed, whatever a notice does.
   */
  private async started(agg: Aggregate): Promise<void> {
    const seated: { seat: number; player: string }[] = [];
    for (const [seat, player] of Object.entries(agg.app.players)) if (await this.ports.startedSeats.claim(agg.id, Number(seat))) seated.push({ seat: Number(seat), player });
    if (seated.length === 0) return;
    for (const l of this.startedListeners) {
      await l(agg, seated).catch((e: unknown) => this.log.error({ err: e, gameId: agg.id }, 'a listener of a started game failed; the game stands'));
    }
  }

  /**
   * Records `id` in the player's and the address's holdings (`addressId` there, if another), or
   * refuses with MATCH_LIMIT (pruning what closed first).
   */
  private async hold(player: string, from: MatchSource, id: string, kind: HoldKind, perPlayer: number, perAddress: number, addressId = id): Promise<void> {
    const what = kind === 'seeks' ? 'seeks' : 'quick-play entries';
    const holders = [[playerHolder(player, kind), perPlayer, 'player', id], ...(from.address ? [[`${await this.addressKey(from.address)}#${kind}`, perAddress, 'client address', addressId]] : [])] as [string, number, string, string][];
    const taken: [string, string][] = [];
    for (const [holder, max, who, held] of holders) {
      if (await this.holdOrPrune(holder, held, max)) {
        taken.push([holder, held]);
        continue;
      }
      for (const [h, i] of taken) await this.ports.holdings.remove(h, i);
      throw new AppError('MATCH_LIMIT', `at most ${max} open ${what} per ${who}`);
    }
  }

  /**
   * An address's holder key: by its network (an IPv6 client holds a whole /64, each of its
   * addresses would be a fresh holder), hashed under the deployment's key (app/stored-hash.ts), so
   * the table's reader cannot try every IPv4 address against it.
   */
  private async addressKey(address: string): Promise<string> {
    return `ADDR#${await this.games.storedHash('match', clientNetwork(address))}`;
  }

  /** Adds `id` to the holder's set if it has room, or room once what closed is pruned. */
  private async holdOrPrune(holder: string, id: string, max: number): Promise<boolean> {
    // Kept past the longest a seek lives, and a month past its last entry (a pool entry has no end): after that, all it could hold is closed.
    const until = Math.ceil(this.now() / 1000) + Math.max(this.settings.seekMaxMinutes * 60, HOLDING_IDLE_S) + DAY_S;
    return (await this.ports.holdings.add(holder, id, max, until)) || ((await this.prune(holder)) && (await this.ports.holdings.add(holder, id, max, until)));
  }

  private async release(player: string, address: string | undefined, pool: string): Promise<void> {
    await this.ports.holdings.remove(playerHolder(player, 'pool'), poolHold(pool));
    if (address) await this.ports.holdings.remove(`${address}#pool`, addressPoolHold(pool, player));
  }

  /**
   * Drops held seeks that have closed or expired, and pool entries seated or gone (a process that
   * died between seating an entry, or entering it, and its release leaves its holding); true if
   * any went. An entry is held just before it is entered: one pruned in that moment makes its
   * holder's limit one softer until it is seated, never harder.
   */
  private async prune(holder: string): Promise<boolean> {
    let dropped = false;
    const player = /^PLAYER#(.+)#pool$/.exec(holder)?.[1];
    for (const id of await this.ports.holdings.list(holder)) {
      let gone = false;
      if (id.startsWith('seek:')) {
        const seek = await this.seek(id.slice(5)).catch(() => null);
        gone = !seek || seek.status !== 'OPEN' || isExpired(seek, this.now());
      } else if (id.startsWith('pool:')) {
        const at = id.lastIndexOf('@');
        const [pool, who] = at >= 0 ? [id.slice(5, at), id.slice(at + 1)] : [id.slice(5), player];
        const entry = who === undefined ? null : await this.ports.pool.get(who, pool);
        gone = !entry || entry.gameId !== undefined;
      }
      if (gone) {
        await this.ports.holdings.remove(holder, id);
        dropped = true;
      }
    }
    return dropped;
  }

  /** After a seek's append: the list and the holdings follow it, and the listeners hear of it. */
  private async seekCommitted(id: string, _before: SeekState | null, next: SeekState): Promise<void> {
    await this.ports.listing.show(next);
    if (next.status !== 'OPEN') {
      await this.ports.holdings.remove(playerHolder(next.creator, 'seeks'), `seek:${id}`);
      if (next.for !== undefined) await this.ports.holdings.remove(playerHolder(next.for, 'challenges'), `seek:${id}`);
    }
    for (const l of this.seekListeners) l(next);
  }
}
