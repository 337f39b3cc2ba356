/**
 * Tournaments' commands and their reaction to games: load → decide → append on the tournament's
 * own stream (a stale version is decided again on the newer stream), and, after a tournament
 * game's commit, score it, reveal its board once complete, and start the next round once every
 * game of the round has ended. Locally this runs after each commit (runner.ts); on AWS the stream
 * function calls `gameCommitted` for each game's newest version.
 */
import { randomUUID } from 'node:crypto';
import { newSeed, tableFor, type TableEvent } from '../engine/core/index.js';
import { statusOf, type Aggregate } from '../app/aggregate.js';
import type { GameSettings } from '../app/app-events.js';
import { AppError, asAppError } from '../app/errors.js';
import type { ParlorService } from '../app/service.js';
import { AggregateRunner } from '../app/aggregate-runner.js';
import { marksUnder, sourceMarks } from '../app/seat-marks.js';
import type { EventStore } from '../store/port.js';
import { canonicalSpec } from '../bots/spec.js';
import { decide, fold, gameOf, LIMITS, nextRound, type TournamentCommand } from './decider.js';
import type { Entrant, TournamentEvent, TournamentSettings } from './events.js';
import { timeoutBotOfTournament, type TournamentState } from './state.js';
import type { TournamentListing } from './store.js';
import { ENTRY_RULES, type EntryRules } from './rules.js';

/** Where a join comes from and what the joining account has behind it (the api reads them). */
export interface JoinFrom {
  /** The client address. */
  address?: string;
  /** The device: the page's per-browser id, else the token's device. */
  device?: string;
  /** When the account was registered (ISO 8601), and its rated games of the tournament's game. */
  account?: { createdAt?: string; ratedGames: number };
}

export interface CreateTournamentFields extends Omit<TournamentSettings, 'options'> {
  options?: unknown;
  /** Bot entrants by spec ("greedy", "search:1"). */
  bots?: string[];
}

export class Tournaments {
  /** Each tournament's stream: load, decide, append at the version read, again on a stale one. */
  private readonly streams: AggregateRunner<TournamentState, TournamentCommand, TournamentEvent>;

  constructor(
    private readonly games: ParlorService,
    store: EventStore,
    private readonly listing: TournamentListing,
    readonly rules: EntryRules = ENTRY_RULES,
  ) {
    this.streams = new AggregateRunner<TournamentState, TournamentCommand, TournamentEvent>(store, { noun: 'tournament', decide, fold });
  }

  async create(creator: string, input: CreateTournamentFields): Promise<TournamentState> {
    const game = this.games.games.find((g) => g.id === input.game);
    if (!game) throw new AppError('BAD_INPUT', `unknown game type "${input.game}"`);
    // The game's own checks of seats and options, as a table of this tournament will meet them.
    try {
      tableFor(game).decide(null, { type: 'create', game: game.id, seats: input.seats, options: input.options ?? {}, seed: 'check', seedFixed: true });
    } catch (e) {
      throw asAppError(e) ?? e;
    }
    if ((input.bots?.length ?? 0) > LIMITS.entrants) throw new AppError('BAD_INPUT', `at most ${LIMITS.entrants} entrants`);
    const bots: Entrant[] = (input.bots ?? []).map((b, i) => {
      const spec = canonicalSpec(b);
      return { bot: spec, name: `${spec} #${i + 1}` };
    });
    const { bots: _b, timeoutBot, ...rest } = input;
    const settings = { ...rest, ...(timeoutBot != null && { timeoutBot: canonicalSpec(timeoutBot) }) };
    const id = randomUUID();
    const state = await this.streams.commit(id, null, 0, decide(null, { type: 'create', id, creator, settings: { ...settings, options: input.options ?? {} }, bots }));
    await this.listing.add(id, new Date(this.games.now()).toISOString());
    return state;
  }

  /** Enters a player (limits: rules.ts); joining again changes nothing. */
  async join(id: string, player: string, name: string, from: JoinFrom = {}): Promise<TournamentState> {
    // Keyed by the tournament and the deployment's secret, an IPv6 client by its /64 as at every other door (the entry limits and the tables' linked seats compare these).
    const marks = (await sourceMarks(this.games.storedHash, `tournament:${id}`, from)) ?? {};
    return this.streams.execute(id, (state) => {
      if (state.settings.rated && state.status === 'OPEN' && !state.entrants.some((e) => 'player' in e && e.player === player)) this.checkRatedEntry(from.account);
      return { type: 'join', entrant: { player, name: name.trim(), ...(Object.keys(marks).length > 0 && { marks }) }, rules: this.rules };
    });
  }

  /** Takes an entrant out before the start (its creator only); a removed player cannot join again. */
  remove(id: string, by: string, index: number, name?: string): Promise<TournamentState> {
    return this.streams.execute(id, () => ({ type: 'remove', by, index, name }));
  }

  /** A rated tournament's entrant: an account old enough, or with enough rated games of the game. */
  private checkRatedEntry(account: JoinFrom['account']): void {
    const days = account?.createdAt ? (this.games.now() - Date.parse(account.createdAt)) / 86_400_000 : 0;
    const games = account?.ratedGames ?? 0;
    if (days >= this.rules.ratedMinAccountDays || games >= this.rules.ratedMinGames) return;
    throw new AppError('ENTRY_TOO_NEW', `a rated tournament takes accounts at least ${this.rules.ratedMinAccountDays} days old or with ${this.rules.ratedMinGames} rated games of its game`);
  }

  /** Starts the tournament (its creator) and its first round. */
  async start(id: string, player: string): Promise<TournamentState> {
    await this.streams.execute(id, () => ({ type: 'start', by: player }));
    return this.advance(id);
  }

  async get(id: string): Promise<TournamentState> {
    return (await this.streams.load(id)).state;
  }

  /** The newest tournaments, newest first. */
  async newest(first: number): Promise<TournamentState[]> {
    if (!Number.isInteger(first) || first < 1 || first > 50) throw new AppError('BAD_INPUT', 'first is 1 to 50');
    return Promise.all((await this.listing.newest(first)).map((id) => this.get(id)));
  }

  /**
   * After a commit of a tournament game: once it has ended, its result is scored; a board whose
   * tables have all ended has its deal revealed; a round whose games have all ended is followed
   * by the next. Each step is idempotent, so a redelivered or repeated commit changes nothing.
   */
  async gameCommitted(agg: Aggregate): Promise<void> {
    const link = agg.app.settings.tournament;
    if (!link || !agg.state.ended) return;
    const result = statusOf(agg).result;
    const scores = result?.scores;
    // A game that ends before its round is recorded is scored by the round's catch-up (advance).
    if (!scores || !gameOf((await this.streams.load(link.id)).state, agg.id)) return;
    const state = await this.streams.execute(link.id, () => ({ type: 'score', gameId: agg.id, scores, left: [...result!.resigned, ...result!.forfeited] }));
    await this.reveal(state, agg.id);
    await this.advance(link.id);
  }

  /** Once every table of the game's board has ended, each of them gets DealRevealed (at most once). */
  private async reveal(state: TournamentState, gameId: string): Promise<void> {
    const at = gameOf(state, gameId);
    if (!at || !at.round.boards[at.game.board]!.completed) return;
    for (const g of at.round.games.filter((x) => x.board === at.game.board)) {
      await this.games.execute(g.gameId, (game) => (!game.app.settings.tournament?.sealed || game.app.revealed ? null : { events: [{ type: 'DealRevealed' } as TableEvent] }));
    }
  }

  /** Scores the games of the newest round that ended before the round was recorded (bots are quick). */
  private async catchUp(state: TournamentState): Promise<void> {
    const round = state.rounds.at(-1);
    for (const g of round?.games ?? []) {
      if (round!.scores[g.gameId]) continue;
      const agg = await this.games.load(g.gameId);
      if (agg.state.ended) await this.gameCommitted(agg);
    }
  }

  /**
   * Starts the round that is due, if one is: its games are created first (each with its board's
   * seed), then RoundStarted names them. Losing that race to another process withdraws the games.
   */
  async advance(id: string): Promise<TournamentState> {
    let due = false;
    const state = await this.streams.retry(id, async ({ state, version }) => {
      const plan = nextRound(state);
      due = plan !== null;
      if (!plan) return state;
      const seeds = Array.from({ length: plan.boards }, () => newSeed());
      const tablesPerBoard = (board: number) => plan.games.filter((g) => g.board === board).length;
      const gameIds: string[] = [];
      for (const g of plan.games) {
        const link = { id, round: plan.round, board: g.board, table: g.table, sealed: tablesPerBoard(g.board) > 1 };
        const created = await this.games.create({ game: state.settings.game, seats: state.settings.seats, options: state.settings.options, seed: seeds[g.board], settings: this.tableSettings(state, g.seats, link) });
        gameIds.push(created.id);
      }
      try {
        return await this.streams.commit(id, state, version, decide(state, { type: 'startRound', round: plan.round, seeds, gameIds }));
      } catch (e) {
        for (const gameId of gameIds) await this.games.execute(gameId, () => ({ events: [{ type: 'GameCancelled', reason: 'cancelled' } as TableEvent] }));
        throw e;
      }
    });
    if (!due) return state;
    await this.catchUp(state);
    return this.get(id);
  }

  /** A table's settings: bot entrants as bot seats, players seated at creation, the tournament's clock. */
  private tableSettings(state: TournamentState, seats: number[], tournament: NonNullable<GameSettings['tournament']>): Partial<Omit<GameSettings, 'type'>> {
    const entrants = seats.map((e) => state.entrants[e]!);
    // A rated table keeps its players' entry marks keyed again by the table (linked seats: app/seat-marks.ts).
    const key = `game:${state.id}:${tournament.round}:${tournament.board}:${tournament.table}`;
    const marksOf = (e: Entrant) => ('player' in e && state.settings.rated ? marksUnder(key, e.marks) : undefined);
    return {
      creator: state.creator,
      timeControl: state.settings.timeControl,
      onTimeout: 'BOT',
      timeoutBot: timeoutBotOfTournament(state),
      autoAdvance: true,
      multiSeat: false,
      ...(state.settings.rated && { rated: true }),
      bots: entrants.flatMap((e, seat) => ('bot' in e ? [{ seat, kind: e.bot }] : [])),
      seated: entrants.flatMap((e, seat) => {
        const marks = marksOf(e);
        return 'player' in e ? [{ seat, player: e.player, name: e.name, ...(marks && { marks }) }] : [];
      }),
      tournament,
    };
  }
}
