/**
 * `npm run simulate -- --game G --seats N --games K [--options JSON] [--bots search:1,random,…|external:<command>] [--out DIR]
 * [--workers W] [--seed S]`: bots play K games on worker threads; the export format is written to DIR.
 */
import { simulate } from '../simulate.js';
import { progress } from './progress.js';
import { parseCli } from './args.js';
import { parseShard, type Shard } from '../shard.js';

const USAGE = `usage: npm run simulate -- --game G --seats N --games K [--options JSON] [--bots search:1,random,…|external:<command>] [--out DIR] [--workers W] [--seed S] [--trajectories] [--shard I/N]

Bots play K games (--bots: one kind per seat, the last repeated; default greedy) of G in-process through the server's engine and write the export format
(games.ndjson, events.ndjson and their Parquet copies) to DIR (default simulations/<game>-<seats>p).
The same --seed gives the same games whatever the --workers (default one per core).
--trajectories also writes trajectories.ndjson: one line per decision, the seat's view, its legal moves and the move.
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
    shard: { type: 'string' },
  },
});

async function main(): Promise<number> {
  if (!values.game || !values.seats || !values.games) {
    console.error(USAGE);
    return 2;
  }
  let options: unknown;
  try {
    options = values.options === undefined ? {} : JSON.parse(values.options);
  } catch {
    console.error(`--options is not JSON: ${values.options}`);
    return 2;
  }
  let shard: Shard | undefined;
  try {
    shard = values.shard === undefined ? undefined : parseShard(values.shard);
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  const out = values.out ?? `simulations/${values.game}-${values.seats}p`;
  const bar = progress('simulate');
  const started = performance.now();
  try {
    const summary = await simulate({
      game: values.game,
      seats: Number(values.seats),
      games: Number(values.games),
      options,
      bots: values.bots,
      out,
      workers: values.workers === undefined ? undefined : Number(values.workers),
      seed: values.seed,
      trajectories: values.trajectories,
      shard,
      onProgress: (done, total) => bar.update(done, total, `games · ${(done / ((performance.now() - started) / 1000)).toFixed(0)} games/s`),
    });
    bar.stop();
    console.log(`${summary.games} ${values.game} games (${values.seats} seats; bots ${summary.lineup.join(', ')}) on ${summary.workers} thread(s) in ${summary.seconds.toFixed(1)} s: ${summary.gamesPerSecond.toFixed(1)} games/s, ${summary.events} events; seed ${summary.seed}`);
    console.log(`wrote ${out}/games.ndjson, events.ndjson, moves.ndjson${values.trajectories ? ', trajectories.ndjson' : ''} and their .parquet copies`);
    return 0;
  } catch (e) {
    bar.stop();
    console.error(`simulate failed: ${(e as Error).message}`);
    return 1;
  }
}

process.exitCode = await main();
