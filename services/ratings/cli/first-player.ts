/**
 * `npx tsx services/ratings/cli/first-player.ts DIR…`: is there a first-player effect? Over an
 * export directory (npm run simulate writes one), how often the seat that starts the game (the
 * first round's start player, from the game's own events) wins outright, with its 95% Wilson
 * interval; ties are left out. Equal bots in every seat: a rate apart from 1/seats is the effect.
 */
import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { EVENTS_FILE, GAMES_FILE } from '../../analytics/ndjson.js';
import { wilson } from '../../analytics/wilson.js';
import { expandPlays, needsExpanding } from '../../analytics/plays.js';

/** The fields games name their first round's start player by (SCOUT, Sea Salt & Paper, Silver, Seledyne). */
const STARTER_FIELDS = ['startPlayer', 'starter', 'start', 'startSeat'] as const;

async function* lines(path: string): AsyncGenerator<any> {
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) if (line) yield JSON.parse(line);
}

async function firstPlayerEffect(dir: string) {
  // It streams the NDJSON tables: a compact run's are derived first (analytics/plays.ts); --format parquet writes none.
  if (needsExpanding(dir)) await expandPlays(dir);
  if (!existsSync(join(dir, EVENTS_FILE))) throw new Error(`${dir} holds no ${EVENTS_FILE}: run npm run simulate with --format compact, ndjson or both`);
  const starters = new Map<string, number>();
  for await (const e of lines(join(dir, EVENTS_FILE))) {
    if (starters.has(e.gameId)) continue;
    const field = STARTER_FIELDS.find((f) => typeof e.event?.[f] === 'number');
    if (field) starters.set(e.gameId, e.event[field]);
  }
  let games = 0, decisive = 0, starterWins = 0, seats = 0, type = '';
  for await (const g of lines(join(dir, GAMES_FILE))) {
    const starter = starters.get(g.id);
    const winners: number[] = g.result?.winners ?? [];
    if (starter === undefined || !winners.length) continue;
    games++;
    seats = g.seats;
    type = g.type;
    if (winners.length !== 1) continue;
    decisive++;
    if (winners[0] === starter) starterWins++;
  }
  const rate = decisive ? starterWins / decisive : 0;
  return { dir, type, seats, games, decisive, starterWins, rate, ...wilson(starterWins, decisive), expected: seats ? 1 / seats : 0 };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
for (const dir of process.argv.slice(2)) {
  const r = await firstPlayerEffect(dir);
  console.log(`${r.type} ${r.seats}p: ${r.games} games, ${r.decisive} decisive; the first player won ${r.starterWins} = ${pct(r.rate)} [${pct(r.low)}, ${pct(r.high)}] (no effect: ${pct(r.expected)})`);
}
