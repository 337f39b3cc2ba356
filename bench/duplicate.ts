/**
 * What duplicate deals buy, measured with bots of known strength: one strong entrant among weak
 * ones, the same Swiss tournament (same entrants, rounds and number of games) played T times
 * with duplicate deals and T times without. Reported: how often the strong entrant finishes
 * first (95% Wilson interval), its mean rank, and the spread (standard deviation over
 * tournaments) of its points share, the tournament's estimate of its strength, and that estimate's
 * signal to noise, (share − ½)/sd: the scales differ (table points vs matchpoints), the ratio does not.
 *
 *   nice -n 10 npx tsx bench/duplicate.ts [--game scout] [--seats 2] [--entrants 8] [--rounds 3]
 *     [--tournaments 40] [--strong 0.6] [--weak 0.3]
 *
 * Strength is a mixture: a bot of strength p plays greedy's move with probability p, else a
 * random legal move, so strength is known by construction (greedy beats random in every game).
 * Bounded: tournaments × entrants/seats × seats × rounds games per mode, nothing else.
 */
import { parseArgs } from 'node:util';
import { randomBot, type Bot } from '../services/engine/core/index.js';
import { findGame } from '../services/engine/registry.js';
import { botFor } from '../services/bots/kinds.js';
import { simulateTournament } from '../services/tournaments/simulate.js';
import { scoredGames } from '../services/tournaments/decider.js';
import { gamePoints, standings } from '../services/tournaments/scoring.js';
import type { TournamentState } from '../services/tournaments/state.js';
import { wilson } from '../services/analytics/wilson.js';

const { values } = parseArgs({
  options: {
    game: { type: 'string', default: 'scout' },
    seats: { type: 'string', default: '2' },
    entrants: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    tournaments: { type: 'string', default: '40' },
    strong: { type: 'string', default: '0.6' },
    weak: { type: 'string', default: '0.3' },
  },
});
const game = findGame(values.game!);
if (!game) throw new Error(`unknown game ${values.game}`);
const [seats, entrants, rounds, tournaments] = [values.seats, values.entrants, values.rounds, values.tournaments].map(Number) as [number, number, number, number];
if (tournaments > 2000) throw new Error('at most 2000 tournaments a run');
const greedy = botFor(game.id, 'greedy');
const mixture = (p: number): Bot => (view, legal, rng, ctx) => (rng.int(1000) < p * 1000 ? greedy(view, legal, rng, ctx) : randomBot(view, legal, rng));
const bots = [mixture(Number(values.strong)), ...Array.from({ length: entrants - 1 }, () => mixture(Number(values.weak)))];

const started = performance.now();
const games = tournaments * rounds * entrants; // each entrant sits at one table a round, which plays `seats` games: entrants/seats tables × seats
console.log(`${game.id}, ${seats} seats, ${entrants} entrants (1 of strength ${values.strong}, ${entrants - 1} of ${values.weak}), Swiss, ${rounds} rounds, ${games / tournaments} games a tournament, ${tournaments} tournaments a mode`);
/** Where entrant 0 finished and its points share, scored with matchpoints or with table points. */
function outcome(state: TournamentState, matchpoints: boolean): { rank: number; share: number } {
  const table = standings(state.entrants.length, gamePoints(scoredGames(state), matchpoints));
  const mine = table.find((r) => r.entrant === 0)!;
  return { rank: 1 + table.filter((r) => r.points > mine.points || (r.points === mine.points && r.difference > mine.difference)).length, share: mine.points / mine.games };
}

// Own deals (table points); duplicate deals scored as the tournament does (matchpoints); and the
// same duplicate tournaments scored with table points, to tell the deals' part from the scoring's.
const modes = [
  { label: 'own deals, table points', duplicate: false, matchpoints: false },
  { label: 'duplicate, matchpoints', duplicate: true, matchpoints: true },
  { label: 'duplicate deals, table points', duplicate: true, matchpoints: false },
];
const played = new Map<boolean, TournamentState[]>();
for (const mode of modes) {
  if (!played.has(mode.duplicate)) played.set(mode.duplicate, Array.from({ length: tournaments }, (_, t) => simulateTournament({ game, seats, rounds, format: 'SWISS', duplicate: mode.duplicate, entrants: bots, seed: `duplicate-bench/${t}` })));
  const outcomes = played.get(mode.duplicate)!.map((state) => outcome(state, mode.matchpoints));
  const firsts = outcomes.filter((o) => o.rank === 1).length;
  const shares = outcomes.map((o) => o.share);
  const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
  const sd = Math.sqrt(shares.reduce((a, b) => a + (b - mean) ** 2, 0) / (shares.length - 1));
  const { low, high } = wilson(firsts, tournaments);
  console.log(
    `${mode.label}: strong first in ${firsts}/${tournaments} = ${((100 * firsts) / tournaments).toFixed(1)}% [${(100 * low).toFixed(1)}, ${(100 * high).toFixed(1)}]; mean rank ${(outcomes.reduce((a, o) => a + o.rank, 0) / tournaments).toFixed(2)}; points share ${mean.toFixed(3)} ± ${sd.toFixed(3)} (sd over tournaments), signal/noise (share − ½)/sd ${((mean - 0.5) / sd).toFixed(2)}`,
  );
}
console.log(`${((performance.now() - started) / 1000).toFixed(0)} s`);
