/**
 * `npm run league -- --game G --seats N --bots search:2,greedy --games K [--options JSON]
 * [--json] [--workers W] [--seed S] [--max-moves M] [--symmetry]`: duplicate-paired games between bots; each one's win share
 * (95% Wilson interval), mean score and decision time; games still running after M moves are stopped
 * and counted apart. With `--symmetry` (one bot in every seat):
 * per-seat win shares in self-play and their chi-square; exit 1 when p < 0.01 (a seat-number bias).
 */
import { parseArgs } from 'node:util';
import { botKindsText } from '../../bots/lineup.js';
import { DEFAULT_MAX_MOVES } from '../move-cap.js';
import { league } from './run.js';
import { tuningOf } from '../../bots/search/tuning.js';

const USAGE = `usage: npm run league -- --game G --seats N --bots LINEUP --games K [--options JSON] [--json] [--workers W] [--seed S] [--max-moves M] [--symmetry]
  LINEUP  one bot per seat, comma-separated; a shorter list repeats its last entry
          (${botKindsText()}, external:<command>), e.g. search:2,greedy
  Each deal is played once per rotation of the line-up (K is rounded up to whole deals).
  A game still running after M moves (default ${DEFAULT_MAX_MOVES}) is stopped, counted as capped and left out of the figures.
  --symmetry  seat-symmetry check: LINEUP names one bot, played in every seat; K games, each its
          own deal with the game's random start seat; per-seat win shares and a chi-square
          against an even share; exit 1 when p < 0.01.`;

const TEXT_OPTIONS = ['game', 'seats', 'bots', 'games', 'options', 'workers', 'seed', 'max-moves'] as const;

function parse() {
  try {
    return parseArgs({
      options: {
        ...(Object.fromEntries(TEXT_OPTIONS.map((name) => [name, { type: 'string' }])) as Record<(typeof TEXT_OPTIONS)[number], { type: 'string' }>),
        json: { type: 'boolean' },
        symmetry: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return null;
  }
}

function optionsOf(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '{}');
  } catch {
    return new Error(`--options is not JSON: ${text}`);
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

async function main(): Promise<number> {
  const values = parse();
  if (!values) return 2;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.game || !values.seats || !values.bots || !values.games) {
    console.error(USAGE);
    return 2;
  }
  const options = optionsOf(values.options);
  if (options instanceof Error) {
    console.error(options.message);
    return 2;
  }
  try {
    const started = performance.now();
    const r = await league({
      game: values.game,
      seats: Number(values.seats),
      bots: values.bots,
      games: Number(values.games),
      options,
      workers: values.workers === undefined ? undefined : Number(values.workers),
      seed: values.seed,
      maxMoves: values['max-moves'] === undefined ? undefined : Number(values['max-moves']),
      symmetry: values.symmetry,
      onProgress: values.json ? undefined : (done, total) => process.stderr.write(`\r${done}/${total} games`),
    });
    if (values.json) {
      const { seed: _seed, ...report } = r;
      console.log(JSON.stringify(report));
      return r.symmetry && !r.symmetry.symmetric ? 1 : 0;
    }
    process.stderr.write('\n');
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    if (r.symmetry) {
      const sym = r.symmetry;
      console.log(`${r.game}, ${r.seats} seats, ${r.games} games of ${r.bots[0]!.bot} in every seat (self-play, one deal each) in ${seconds} s; seed ${r.seed}; options ${JSON.stringify(r.options)}`);
      console.log('  seat  starts  win share  95% interval');
      for (const x of sym.seats) console.log(`  ${String(x.seat).padStart(4)}  ${String(x.starts).padStart(6)}  ${pct(x.share).padStart(9)}  [${pct(x.low)}, ${pct(x.high)}]`);
      const p = sym.p < 0.0001 ? '< 0.0001' : `= ${sym.p.toFixed(4)}`;
      if (sym.startP !== null && sym.startP < sym.alpha) {
        console.log(`  the first start seat is not uniform (p = ${sym.startP.toFixed(4)}): per-seat shares would measure who starts; pass options that draw it at random`);
        return 1;
      }
      console.log(`  chi² ${sym.chi2.toFixed(2)} (df ${sym.df}), p ${p}: ${sym.p >= sym.alpha ? `no evidence of a seat bias (p ≥ ${sym.alpha})` : `SEAT BIAS (p < ${sym.alpha})`}`);
      return sym.symmetric ? 0 : 1;
    }
    console.log(`${r.game}, ${r.seats} seats, ${r.games} games (${(r.games + r.capped) / r.seats} deals × ${r.seats} rotations) in ${seconds} s; seed ${r.seed}`);
    if (r.capped) console.log(`  ${r.capped} game(s) stopped at the move cap (${values['max-moves'] ?? DEFAULT_MAX_MOVES} moves): no result, left out of the figures below`);
    // Which settings the search played with: a figure is only worth the tuning it was measured at.
    if (r.bots.some((b) => b.bot.startsWith('search'))) console.log(`  search tuning: ${JSON.stringify(tuningOf(r.game))}`);
    console.log('  bot                    seats  win share  95% interval      mean score  decision p50 / p99 ms');
    for (const b of r.bots) {
      const interval = `[${pct(b.low)}, ${pct(b.high)}]`.padEnd(16);
      console.log(`  ${b.bot.slice(0, 22).padEnd(22)} ${String(b.seatsPlayed).padStart(5)}  ${pct(b.winShare).padStart(9)}  ${interval}  ${b.meanScore.toFixed(2).padStart(10)}  ${b.decisionMs.p50.toFixed(1).padStart(8)} / ${b.decisionMs.p99.toFixed(1)}`);
    }
    return 0;
  } catch (e) {
    console.error(`league failed: ${(e as Error).message}`);
    return 1;
  }
}

process.exitCode = await main();
