/**
 * One whole game played by bots through the table decider, in memory, producing the commits a
 * server would have stored (events, seat, recorded command, time): the rules-variant lab's unit
 * of work, and a fast way for tests to fill a table with real games.
 */
import { fastRng, randomBot, recordedCommand, tableFor, type AnyGame, type Bot, type BotContext, type TableCommand, type TableEvent, type TableState } from '../engine/core/index.js';
import type { Commit } from '../store/port.js';
import { botMemory } from '../bots/repeat.js';
import { picksListed } from '../bots/picks-listed.js';
import { readsView } from '../bots/viewless.js';

export interface BotGameOptions {
  seats: number;
  options?: unknown;
  /** The game's secret seed. */
  seed: string;
  /** Seed of the bots' choices. */
  botSeed: number;
  bot?: Bot;
  /** One bot per seat (overrides `bot`). */
  bots?: readonly Bot[];
  /** The time stamped on each commit (the lab's clock, never the engine's). */
  now?: () => string;
  /** Stop after this many moves, leaving the game running. */
  maxMoves?: number;
}

export function botGame(game: AnyGame, o: BotGameOptions): Commit[] {
  const now = o.now ?? systemTime();
  const commits: Commit[] = [];
  playBotGame(game, o, (command, events, seat) => {
    commits.push({ version: commits.length + 1, events, at: now(), command: recordedCommand(command), ...(seat === undefined ? {} : { seat }) });
  });
  return commits;
}

/**
 * What a harness does with each accepted command, in order (the creation, the joins, then each
 * move with its seat): `botGame` keeps them as commits; the lab's compact record keeps only what its
 * lines need (services/analytics/lab-game.ts), so neither the commits nor their garbage are made.
 */
export type CommitSink = (command: TableCommand, events: TableEvent[], seat?: number) => void;

/** Plays the game as `botGame` does, handing each commit to `sink` instead of keeping it. */
export function playBotGame(game: AnyGame, o: Omit<BotGameOptions, 'now'>, sink: CommitSink): void {
  const t = tableFor(game);
  const rng = fastRng(o.botSeed);
  const bot = o.bot ?? randomBot;
  let state: TableState | null = null;
  const commit = (command: TableCommand, seat?: number) => {
    const events: TableEvent[] = t.decide(state, command);
    state = t.fold(events, state);
    sink(command, events, seat);
  };

  commit({ type: 'create', game: game.id, seats: o.seats, options: o.options ?? {}, seed: o.seed, seedFixed: false });
  for (let s = 0; s < o.seats; s++) commit({ type: 'join', name: `bot${s}`, tokenHash: '' });
  // Each seat's memory of the positions it met, so a bot can leave a cycle (services/bots/repeat.ts).
  // One context per seat for the whole game (the setup is fixed once every seat is taken): none built per move.
  const setup = { seats: o.seats, options: state!.options };
  const contexts = Array.from({ length: o.seats }, (_, seat) => ({ game, seat, setup, memory: botMemory() }) as BotContext);
  // Each seat's bot, whether it reads a view and whether its move is always a listed one, looked up once a game rather than once a move.
  const seatBots = Array.from({ length: o.seats }, (_, seat) => o.bots?.[seat] ?? bot);
  const seatViews = seatBots.map(readsView);
  const seatListed = seatBots.map(picksListed);
  const maxMoves = o.maxMoves ?? Infinity;
  for (let moves = 0; !state!.ended && moves < maxMoves; moves++) {
    const toMove = t.status(state!).toMove;
    const seat = toMove[rng.int(toMove.length)]!;
    const legal = t.legalMoves(state!, seat);
    // A bot that reads no view (random) gets none: building it was most of a random game's cost beyond the rules.
    const chosen = seatBots[seat]!(seatViews[seat] ? t.view(state!, seat) : undefined, legal, rng, contexts[seat]!);
    // One of the engine's own legal moves is plain JSON already (a bot that always picks one is not checked: services/bots/picks-listed.ts);
    // anything else goes through JSON, as a client's move would arrive.
    const move = seatListed[seat] || legal.includes(chosen) ? chosen : JSON.parse(JSON.stringify(chosen));
    commit({ type: 'move', seat, move }, seat);
  }
}

/** The system clock as ISO strings, formatted once per millisecond (a game makes many commits in one). */
export function systemTime(): () => string {
  let ms = NaN;
  let iso = '';
  const format = isoFormatter();
  return () => {
    const t = Date.now();
    if (t !== ms) (ms = t), (iso = format(t));
    return iso;
  };
}

const HOUR_MS = 3_600_000;
/** Year 10000: `toISOString` writes a sign and six digits from here on. */
const YEAR_10000_MS = 253_402_300_800_000;
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `new Date(t).toISOString()`, with the hour's part (`2026-12-07T05:`) made by it once an hour and
 * the minutes, seconds and milliseconds written out: `toISOString` cost ~1 µs a call, and a short lab
 * game (SCOUT at 2 seats, ~35 moves) starts and ends in different milliseconds, so it paid two of
 * them, ~1.5% of the game. test/analytics/simulate-clock.test.ts compares it with `toISOString`.
 */
export function isoFormatter(): (t: number) => string {
  let hour = NaN;
  let prefix = '';
  return (t) => {
    if (!(t >= 0 && t < YEAR_10000_MS && Number.isInteger(t))) return new Date(t).toISOString();
    const within = t % HOUR_MS;
    if (t - within !== hour) (hour = t - within), (prefix = new Date(hour).toISOString().slice(0, 14));
    const s = Math.floor(within / 1000);
    return `${prefix}${pad2(Math.floor(s / 60))}:${pad2(s % 60)}.${pad3(within % 1000)}Z`;
  };
}
