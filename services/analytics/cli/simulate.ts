/**
 * `npm run simulate -- --game G --seats N --games K [--options JSON] [--bots search:1,random,…|external:<command>] [--out DIR]
 * [--workers W] [--seed S] [--trajectories] [--max-moves M] [--format compact|parquet|ndjson|both] [--resume]`: bots play K games on
 * worker threads; the games are written to DIR as they end, and a killed run is completed with --resume.
 * `--expand --out DIR [--format parquet|both]` derives a compact run's events and moves tables (services/analytics/plays.ts).
 */
import type { OutputFormat } from '../simulate.js';
import { DEFAULT_MAX_MOVES } from '../move-cap.js';
import { parseCli } from './args.js';
import type { Shard } from '../shard.js';

const USAGE = `usage: npm run simulate -- --game G --seats N --games K [--options JSON] [--bots search:1,random,…|external:<command>] [--out DIR] [--workers W] [--seed S] [--trajectories] [--max-moves M] [--format compact|parquet|ndjson|both] [--shard I/N]
       npm run simulate -- --resume --out DIR [--workers W]
       npm run simulate -- --expand --out DIR [--format parquet|both]

Bots play K games (--bots: one kind per seat, the last repeated; default greedy) of G in-process through the server's engine and write them
to DIR (default simulations/<game>-<seats>p) (docs/analytics.md).
--format: compact (default: games.ndjson and plays.ndjson, each game's moves; the events and moves tables are derived from them
by replaying the games when first read: npm run stats does it, or --expand), parquet (games.parquet, events.parquet,
moves.parquet), ndjson (the same tables as .ndjson) or both. --trajectories defaults to parquet.
--expand derives a compact run's events.ndjson and moves.ndjson now (and the Parquet files with --format parquet or both).
The same --seed gives the same games whatever the --workers (default one per core).
--trajectories also writes the trajectories table: one line per decision, the seat's view, its legal moves and the move.
--max-moves: a game still running after M moves (default ${DEFAULT_MAX_MOVES}, far above any real game) is stopped and written
with endReason "move-cap" and no result; npm run stats counts such games apart and leaves them out of every figure.
Games are appended (as NDJSON) as they end, with a checkpoint in DIR/simulation.json; the Parquet files are written at the end.
--resume completes a run that was stopped (killed, crashed) in DIR: the same games as an uninterrupted run, played once each.
--shard I/N plays only the games of index ≡ I (mod N) of the run (needs --seed): the N shards of one seed, run anywhere,
together are the unsharded run (npm run stats -- 'DIR-*' reads them as one).`;
const { values } = parseCli(USAGE, {
  options: {
    game: { type: 'string' },
    seats: { type: 'string' },
    games: { type: 'string' },
    options: { type: 'string' },
    bots: { type: 'string' },
    out: { type: 'string' },
    workers: { type: 'string' },
    seed: { type: 'string' },
    trajectories: { type: 'boolean' },
    'max-moves': { type: 'string' },
    shard: { type: 'string' },
    format: { type: 'string' },
    resume: { type: 'boolean' },
    expand: { type: 'boolean' },
  },
});

/** `--expand`: a compact run's events and moves tables, derived now (and Parquet when asked). */
async function expand(out: string, format: string | undefined): Promise<number> {
  if (format !== undefined && format !== 'parquet' && format !== 'both' && format !== 'ndjson') {
    console.error('--expand takes --format ndjson (default), parquet or both');
    return 2;
  }
  try {
    const [{ expandPlays, needsExpanding }, { writeParquet }] = await Promise.all([import('../plays.js'), import('../parquet.js')]);
    const started = performance.now();
    const games = needsExpanding(out) ? await expandPlays(out) : 0;
    if (format === 'parquet' || format === 'both') await writeParquet(out);
    console.log(`${out}: ${games ? `${games} games replayed into events.ndjson and moves.ndjson` : 'events already derived'}${format === 'parquet' || format === 'both' ? ', Parquet written' : ''} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  } catch (e) {
    console.error(`expand failed: ${(e as Error).message}`);
    return 1;
  }
}

async function main(): Promise<number> {
  // Imported after the arguments are read: --help and a wrong flag answer without loading the engine and the bots.
  const [{ OUTPUT_FORMATS, simulate }, { duration, progress }, { parseShard }] = await Promise.all([import('../simulate.js'), import('./progress.js'), import('../shard.js')]);
  if (values.expand) {
    if (!values.out) {
      console.error('--expand needs the --out DIR of a compact run');
      return 2;
    }
    return expand(values.out, values.format);
  }
  if (!values.resume && (!values.game || !values.seats || !values.games)) {
    console.error(USAGE);
    return 2;
  }
  if (values.resume && !values.out) {
    console.error('--resume needs the --out DIR of the run to complete');
    return 2;
  }
  if (values.format !== undefined && !OUTPUT_FORMATS.includes(values.format as OutputFormat)) {
    console.error(`--format takes ${OUTPUT_FORMATS.join(', ')}`);
    return 2;
  }
  let options: unknown;
  try {
    options = values.options === undefined ? undefined : JSON.parse(values.options);
  } catch {
    console.error(`--options is not JSON: ${values.options}`);
    return 2;
  }
  const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  let shard: Shard | undefined;
  try {
    shard = values.shard === undefined ? undefined : parseShard(values.shard);
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  const out = values.out ?? `simulations/${values.game}-${values.seats}p`;
  const bar = progress('simulate');
  let first: { at: number; played: number } | null = null;
  try {
    const summary = await simulate({
      game: values.game!,
      seats: num(values.seats)!,
      games: num(values.games)!,
      options,
      bots: values.bots,
      out,
      workers: num(values.workers),
      seed: values.seed,
      trajectories: values.trajectories,
      shard,
      maxMoves: num(values['max-moves']),
      format: values.format as OutputFormat | undefined,
      resume: values.resume,
      onProgress: (done, total, played) => {
        // Measured from the first batch on (threads take a few seconds to start), over this attempt's games only.
        const now = performance.now();
        first ??= { at: now, played };
        const rate = (played - first.played) / ((now - first.at) / 1000);
        bar.update(done, total, rate > 0 ? `games · ${rate.toFixed(0)} games/s · ETA ${duration((total - done) / rate)}` : 'games');
      },
    });
    bar.stop();
    const resumed = summary.resumed ? ` (${summary.resumed} of them from the interrupted run)` : '';
    console.log(`${summary.games} ${summary.game} games${resumed} (${summary.seats} seats; bots ${summary.lineup.join(', ')}) on ${summary.workers} thread(s) in ${summary.seconds.toFixed(1)} s: ${summary.gamesPerSecond.toFixed(1)} games/s, ${summary.events} events; seed ${summary.seed}`);
    if (summary.capped) console.log(`${summary.capped} game(s) stopped at the move cap, written with endReason "move-cap" and no result`);
    console.log(`wrote ${out}/${summary.files.join(', ')}`);
    return 0;
  } catch (e) {
    bar.stop();
    console.error(`simulate failed: ${(e as Error).message}`);
    return 1;
  }
}

process.exitCode = await main();
