/**
 * `npm run league`: a line-up's strength, measured. Duplicate-paired games: each deal (one
 * secret seed) is played once per rotation of the line-up, so every bot meets the same cards
 * from every seat and the luck of the deal cancels. Games run on worker threads; every seed
 * derives from the run's seed, so a run is reproducible (decision times aside).
 *
 * With `symmetry`, a seat-symmetry check instead: one bot in every seat (self-play), each game
 * its own deal with the game's own random start seat, so each seat's share of the wins measures
 * a bias of the bot for seat numbers rather than the cards or who starts (tally.ts `seatSymmetry`).
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { workerBoot } from '../../app/worker-boot.js';
import { sha256Hex, table } from '../../engine/core/index.js';
import { findGame, games as registry } from '../../engine/registry.js';
import { moveCap } from '../move-cap.js';
import { parseLineup } from '../../bots/lineup.js';
import type { LeagueGame, LeagueGameSpec } from './game.js';
import { seatSymmetry, tally, type LeagueReport, type SeatSymmetry } from './tally.js';

export interface LeagueOptions {
  game: string;
  seats: number;
  /** Games to play; rounded up to whole deals (one game per rotation, as many as seats). */
  games: number;
  bots: string;
  options?: unknown;
  workers?: number;
  seed?: string;
  /** Moves after which a game still running is stopped, counted as capped and left out (default: the lab's, analytics/move-cap.ts). */
  maxMoves?: number;
  /** Self-play, one deal per game: per-seat win shares and their chi-square (the line-up must name one bot). */
  symmetry?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface LeagueTask {
  game: string;
  lineup: string[];
  specs: LeagueGameSpec[];
  maxMoves: number;
}

export const MAX_LEAGUE_GAMES = 1_000_000;

/** The worker's entry (bundled once per process, else loaded through tsx: ../../app/worker-boot.ts). */
const WORKER_BOOT = (): string => workerBoot(new URL('./worker.ts', import.meta.url));

/**
 * Options a symmetry run plays by default so that the first start seat is drawn at random: a game
 * whose default names the start seat (Seledyne's oldest player, seat 0) would measure who starts.
 * The run's own options win over these.
 */
export const UNIFORM_START: Record<string, Record<string, unknown>> = { seledyne: { firstStartPlayer: 'RANDOM' } };

/** Game `i` of a symmetry run: its own deal (the start seat is the game's own random draw), no rotation. */
export function symmetrySpec(runSeed: string, i: number, seats: number, options: unknown): LeagueGameSpec {
  const seed = sha256Hex(`${runSeed}:symmetry:${i}`);
  const botSeed = Number.parseInt(sha256Hex(`${runSeed}:bots:${i}`).slice(0, 8), 16);
  return { seats, options, seed, botSeed, deal: i, rotation: 0 };
}

/** Game `i` of a run: deal ⌊i / seats⌋ in rotation i mod seats, its seeds from the run's. */
export function leagueSpec(runSeed: string, i: number, seats: number, options: unknown): LeagueGameSpec {
  const deal = Math.floor(i / seats);
  const seed = sha256Hex(`${runSeed}:deal:${deal}`);
  const botSeed = Number.parseInt(sha256Hex(`${runSeed}:bots:${i}`).slice(0, 8), 16);
  return { seats, options, seed, botSeed, deal, rotation: i % seats };
}

export async function league(o: LeagueOptions): Promise<LeagueReport & { seed: string; options?: unknown; symmetry?: SeatSymmetry }> {
  const game = findGame(o.game);
  if (!game) throw new Error(`unknown game "${o.game}" (one of ${registry.map((g) => g.id).join(', ')})`);
  if (!Number.isInteger(o.games) || o.games < 1 || o.games > MAX_LEAGUE_GAMES) throw new Error(`--games takes 1 to ${MAX_LEAGUE_GAMES}`);
  // Seats and options are checked by the engine, with its own message, before any thread starts.
  const given = o.options ?? {};
  const options = o.symmetry && typeof given === 'object' && given !== null ? { ...UNIFORM_START[game.id], ...given } : given;
  table(game).decide(null, { type: 'create', game: game.id, seats: o.seats, options, seed: 'check', seedFixed: true });
  const lineup = parseLineup(o.bots, o.seats);
  const maxMoves = moveCap(o.maxMoves);
  if (o.symmetry && new Set(lineup).size > 1) throw new Error(`--symmetry is self-play: name one bot for every seat, not ${o.bots}`);
  const runSeed = o.seed ?? randomBytes(16).toString('hex');
  const total = o.symmetry ? o.games : Math.ceil(o.games / o.seats) * o.seats;
  const specs = [...Array(total).keys()].map((i) => (o.symmetry ? symmetrySpec : leagueSpec)(runSeed, i, o.seats, options));
  const threads = Math.max(1, Math.min(o.workers ?? availableParallelism(), total));
  const played: LeagueGame[] = [];

  const run = (share: LeagueGameSpec[]) =>
    new Promise<void>((resolve, reject) => {
      const task: LeagueTask = { game: game.id, lineup, specs: share, maxMoves };
      const worker = new Worker(WORKER_BOOT(), { eval: true, workerData: task });
      worker.on('message', (g: LeagueGame) => {
        played.push(g);
        o.onProgress?.(played.length, total);
      });
      worker.on('error', reject);
      worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a league thread stopped with code ${code}`))));
    });
  // Interleaved shares: each thread gets a mix of deals and rotations, so a slow deal does not pile up on one.
  await Promise.all([...Array(threads).keys()].map((w) => run(specs.filter((_, i) => i % threads === w))));
  played.sort((a, b) => a.deal - b.deal || a.rotation - b.rotation);
  const report = tally(game.id, o.seats, lineup, played);
  return o.symmetry ? { ...report, seed: runSeed, options, symmetry: seatSymmetry(o.seats, played.filter((g) => !g.capped)) } : { ...report, seed: runSeed };
}
