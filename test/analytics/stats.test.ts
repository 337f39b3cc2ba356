/**
 * npm run stats: DuckDB's figures over an export agree with counts made here directly from the
 * NDJSON lines (wins per seat, lengths, each game's own events), from NDJSON or Parquet alike;
 * the command's --json, --html and --compare outputs.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { botGame } from '../../services/analytics/bot-game.js';
import { ExportSink } from '../../services/analytics/ndjson.js';
import { duckdb, writeParquet } from '../../services/analytics/parquet.js';
import { gameFacts, type GameFacts } from '../../services/analytics/record.js';
import { computeStats, wilson, type StatsReport } from '../../services/analytics/stats.js';
import { htmlReport, pText, textReport } from '../../services/analytics/stats-report.js';
import { differenceAxis } from '../../services/analytics/stats-charts.js';
import { compareRuns, testsOf } from '../../services/analytics/stats-compare.js';
import { holm } from '../../services/analytics/significance.js';
import { findGame } from '../../services/engine/registry.js';
import { simulate } from '../../services/analytics/simulate.js';
import { bundled } from '../kit/server-bundle.js';

const PLAN = [
  ['scout', 2, 14],
  ['scout', 3, 6],
  ['sea-salt-and-paper', 2, 3],
  ['silver', 4, 3],
  ['seledyne', 4, 2],
] as const;

let dir = '';
let games: any[] = [];
let events: any[] = [];
let report: StatsReport;
const lines = async (file: string) => (await readFile(file, 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parlor-stats-'));
  const sink = await ExportSink.open(dir);
  let i = 0;
  for (const [type, seats, n] of PLAN) {
    for (let k = 0; k < n; k++, i++) {
      const commits = botGame(findGame(type)!, { seats, seed: `stats-${i}`, botSeed: i + 1 });
      await sink.add(gameFacts(`g${i}`, commits)!, commits);
    }
  }
  await sink.close();
  games = await lines(join(dir, 'games.ndjson'));
  events = await lines(join(dir, 'events.ndjson'));
  report = await computeStats(dir); // from NDJSON: no Parquet yet
});

const group = (type: string, seats: number) => report.games.find((g) => g.game === type && g.seats === seats)!;
const gamesOf = (type: string, seats: number) => games.filter((g) => g.type === type && g.seats === seats);
const eventsOf = (type: string, seats: number, pick: (e: any) => boolean) => {
  const ids = new Set(gamesOf(type, seats).map((g) => g.id));
  return events.filter((e) => ids.has(e.gameId) && pick(e.event));
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

describe('stats', () => {
  it('the Wilson interval matches its textbook values', () => {
    expect(wilson(5, 10).low).toBeCloseTo(0.2366, 4);
    expect(wilson(5, 10).high).toBeCloseTo(0.7634, 4);
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(0, 10).high).toBeCloseTo(0.2775, 4);
  });

  it('games and wins by seat equal a direct count over games.ndjson (a tie splits the win: seats add up to the games)', () => {
    expect(report.games.map((g) => [g.game, g.seats, g.n]).sort()).toEqual(PLAN.map(([t, s, n]) => [t, s, n]).sort());
    for (const [type, seats] of PLAN) {
      const g = group(type, seats);
      const mine = gamesOf(type, seats);
      for (let seat = 0; seat < seats; seat++) {
        const wins = mine.reduce((w, x) => w + (x.result.winners.includes(seat) ? 1 / x.result.winners.length : 0), 0);
        expect(g.winRateBySeat[seat]!.seat).toBe(seat);
        expect(g.winRateBySeat[seat]!.wins).toBeCloseTo(wins, 4);
        expect(g.winRateBySeat[seat]!.rate).toBeCloseTo(wins / mine.length, 4);
        expect(g.winRateBySeat[seat]!.low).toBeCloseTo(wilson(wins, mine.length).low, 4);
      }
      expect(g.winRateBySeat.reduce((n, w) => n + w.rate, 0)).toBeCloseTo(1, 3);
      expect(g.tieRate).toBeCloseTo(mine.filter((x) => x.result.winners.length > 1).length / mine.length, 4);
      expect(g.balance.df).toBe(seats - 1);
      expect(g.length.moves.median).toBe(median(mine.map((x) => x.moves)));
      expect(g.length.commits.median).toBe(median(mine.map((x) => x.commits)));
      expect(g.scores.max).toBe(Math.max(...mine.flatMap((x) => x.result.scores)));
      for (let seat = 0; seat < seats; seat++) {
        const counts = new Map<number, number>();
        for (const x of mine) counts.set(x.result.scores[seat], (counts.get(x.result.scores[seat]) ?? 0) + 1);
        expect(g.distributions.scoresBySeat[seat]).toEqual([...counts].sort(([a], [b]) => a - b).map(([value, count]) => ({ value, count })));
      }
      expect(g.distributions.moves.reduce((n, c) => n + c.count, 0)).toBe(mine.length);
    }
  });

  it('wins by start position count from the seat that starts round 1 (the round’s first deal event), in order of play', () => {
    // Read straight from events.ndjson: the first event of each game that names a round's start seat.
    const FIRST = { scout: ['RoundDealt', 'startPlayer'], silver: ['RoundDealt', 'start'], 'sea-salt-and-paper': ['RoundStarted', 'starter'], seledyne: ['StageStarted', 'startSeat'] } as const;
    for (const [type, seats] of PLAN) {
      const g = group(type, seats);
      const wins = Array<number>(seats).fill(0);
      for (const x of gamesOf(type, seats)) {
        const [eventType, field] = FIRST[type];
        const first = events.filter((e) => e.gameId === x.id && e.type === eventType).sort((a, b) => a.version - b.version || a.index - b.index)[0].event[field];
        for (let position = 0; position < seats; position++) {
          const seat = (first + position) % seats;
          wins[position]! += x.result.winners.includes(seat) ? 1 / x.result.winners.length : 0;
        }
      }
      expect(g.winRateByStartPosition.map((p) => p.position)).toEqual([...Array(seats).keys()]);
      expect(g.winRateByStartPosition.every((p) => p.n === g.n)).toBe(true);
      g.winRateByStartPosition.forEach((p) => expect(p.wins).toBeCloseTo(wins[p.position]!, 4));
      // And the balance of the start positions: their wins against an even share.
      const even = g.n / seats;
      expect(g.startBalance!.chi2).toBeCloseTo(wins.reduce((x, w) => x + (w - even) ** 2 / even, 0), 3);
    }
  });

  it('the win margin is the winner’s lead over the closest other seat, whichever way the game counts', () => {
    for (const [type, seats] of PLAN) {
      const leads = gamesOf(type, seats).map((x) => {
        const best = x.result.scores[x.result.winners[0]];
        const others = x.result.scores.filter((_: number, seat: number) => !x.result.winners.includes(seat));
        return others.length ? Math.min(...others.map((s: number) => Math.abs(best - s))) : 0;
      });
      expect(group(type, seats).distributions.margin.flatMap((c) => Array(c.count).fill(c.value)).sort((a, b) => a - b)).toEqual(leads.sort((a, b) => a - b));
    }
  });

  it('games of different option sets are never pooled: each option set is a group of its own', async () => {
    const mixed = await mkdtemp(join(tmpdir(), 'parlor-stats-options-'));
    const sink = await ExportSink.open(mixed);
    for (const [k, options] of [{}, {}, { hideScoutInsertPosition: true }, { hideScoutInsertPosition: true }, { hideScoutInsertPosition: true }].entries()) {
      const commits = botGame(findGame('scout')!, { seats: 3, seed: `options-${k}`, botSeed: k + 1, options });
      await sink.add(gameFacts(`o${k}`, commits)!, commits);
    }
    await sink.close();
    const groups = (await computeStats(mixed)).games;
    expect(groups.map((g) => [(g.options as { hideScoutInsertPosition: boolean }).hideScoutInsertPosition, g.n])).toEqual([[false, 2], [true, 3]]);
    expect(textReport([{ games: groups }])).toMatch(/scout · 3 seats · all human · default options\n[^]*scout · 3 seats · all human · hideScoutInsertPosition=true\n/);
  });

  it('a simulation’s seats are all bots’ (botSeats), so no statistic counts one as a person’s', async () => {
    const out = await mkdtemp(join(tmpdir(), 'parlor-stats-sim-'));
    await simulate({ game: 'scout', seats: 3, games: 2, out, workers: 1, seed: 'bot-seats', format: 'ndjson' });
    const rows = await lines(join(out, 'games.ndjson'));
    expect(rows.map((r) => r.botSeats)).toEqual([
      [0, 1, 2],
      [0, 1, 2],
    ]);
  });

  it('real games are split by line-up: a game where a bot held a seat (seated, resigned, forfeited) is never pooled with all-human games', async () => {
    const mixed = await mkdtemp(join(tmpdir(), 'parlor-stats-lineups-'));
    const sink = await ExportSink.open(mixed);
    // As the export writes them: botSeats from the events; g3 is an export made before that column (a resigned seat says it).
    const seatsOf = [{ botSeats: [] }, { botSeats: [] }, { botSeats: [2] }, { botSeats: undefined, resigned: [1] }];
    for (const [k, patch] of seatsOf.entries()) {
      const commits = botGame(findGame('scout')!, { seats: 3, seed: `lineup-${k}`, botSeed: k + 1 });
      await sink.add({ ...gameFacts(`l${k}`, commits)!, ...patch } as GameFacts, commits);
    }
    await sink.close();
    const groups = (await computeStats(mixed)).games;
    expect(groups.map((g) => [g.lineup, g.n])).toEqual([
      ['all human', 2],
      ['with bots', 2],
    ]);
    expect(textReport([{ games: groups }])).toMatch(/scout · 3 seats · with bots · default options/);
  });

  it('each game’s own figures equal direct counts of its events', () => {
    const perGame = (type: string, seats: number, pick: (e: any) => boolean) => eventsOf(type, seats, pick).length / gamesOf(type, seats).length;
    expect(group('scout', 3).figures['Scout & Show per game'] ?? 0).toBeCloseTo(perGame('scout', 3, (e) => e.type === 'ScoutShowStarted'), 4);
    const roundEnds = eventsOf('scout', 2, (e) => e.type === 'RoundEnded');
    const reasons = Object.keys(group('scout', 2).figures).filter((k) => k.startsWith('round end: '));
    for (const r of reasons) expect(group('scout', 2).figures[r]).toBeCloseTo(roundEnds.filter((e) => `round end: ${e.event.reason}` === r).length / roundEnds.length, 4);
    expect(group('sea-salt-and-paper', 2).figures['STOP calls per game'] ?? 0).toBeCloseTo(perGame('sea-salt-and-paper', 2, (e) => e.type === 'Called' && e.call === 'STOP'), 4);
    expect(group('seledyne', 4).figures['gifts per game']).toBeCloseTo(perGame('seledyne', 4, (e) => e.type === 'Gifted'), 4);
    expect(group('seledyne', 4).figures['tributes per game']).toBeCloseTo(perGame('seledyne', 4, (e) => e.type === 'Tributed'), 4);
    const calls = eventsOf('silver', 4, (e) => e.type === 'RoundScored' && e.caller !== null);
    expect(group('silver', 4).figures['calls per game'] ?? 0).toBeCloseTo(calls.length / 3, 4);
  });

  it('reads the Parquet copies to the same figures', async () => {
    await writeParquet(dir);
    expect(await computeStats(dir)).toEqual(report);
  });

  it('reads Parquet written before startSeats and botSeats existed: no start-position rows, line-ups from the older columns', async () => {
    const old = await mkdtemp(join(tmpdir(), 'parlor-stats-old-'));
    const db = await duckdb();
    try {
      await db.run(`COPY (SELECT * EXCLUDE (startSeats, botSeats, bots) FROM read_parquet('${join(dir, 'games.parquet')}')) TO '${join(old, 'games.parquet')}' (FORMAT parquet)`);
      await db.run(`COPY (SELECT * FROM read_parquet('${join(dir, 'events.parquet')}')) TO '${join(old, 'events.parquet')}' (FORMAT parquet)`);
    } finally {
      db.closeSync();
    }
    const older = await computeStats(old);
    expect(older.games.map((g) => [g.game, g.seats, g.n, g.lineup])).toEqual(report.games.map((g) => [g.game, g.seats, g.n, g.lineup]));
    expect(older.games.every((g) => g.winRateByStartPosition.length === 0 && g.startBalance === undefined)).toBe(true);
    expect(older.games.map((g) => g.winRateBySeat)).toEqual(report.games.map((g) => g.winRateBySeat));
  });

  it('npm run stats -- DIR --json --html FILE prints the report and writes a page that needs no network', async () => {
    const html = join(dir, 'stats.html');
    const { stdout } = await promisify(execFile)(process.execPath, [await bundled('stats'), dir, '--json', '--html', html]);
    expect(JSON.parse(stdout)).toEqual(report);
    const page = await readFile(html, 'utf8');
    expect(page).toContain('<svg');
    expect(page).not.toMatch(/<script|<link|src=|@import|url\(/);
  });

  it('--compare shows two exports side by side, marking seats whose intervals do not overlap', () => {
    const other: StatsReport = structuredClone(report);
    const seat0 = other.games.find((g) => g.game === 'scout' && g.seats === 2)!.winRateBySeat[0]!;
    Object.assign(seat0, { wins: 0, rate: 0, low: 0, high: 0.01 });
    const text = textReport([report, other], ['A', 'B']);
    expect(text).toMatch(/scout · 2 seats · all human\n\s+A: default options\s+B: default options/);
    expect(text).toMatch(/seat 0 wins \*/);
    expect(text).not.toMatch(/seat 1 wins \*/);
  });

  it('--compare tests B against A: an export against itself differs in nothing (p = 1 everywhere), and the text shows the tests', async () => {
    const comparisons = compareRuns([report, report]);
    expect(comparisons.map((c) => `${c.game}/${c.seats}`).sort()).toEqual(report.games.map((g) => `${g.game}/${g.seats}`).sort());
    for (const c of comparisons) {
      for (const t of c.winRateBySeat) expect(t).toMatchObject({ diff: 0, z: 0, p: 1 });
      expect(c.betweenRuns.chi2).toBeCloseTo(0, 10);
      expect(c.moves.p).toBe(1);
      expect(c.scores.p).toBe(1);
    }
    const text = textReport([report, report], ['A', 'B'], comparisons);
    expect(text).toMatch(/seat 0: \+0\.0 \[-?\d+\.\d, \+\d+\.\d\]  z = 0\.00  p = 1\.0000/);
    expect(text).toMatch(/all seats \(chi-square between runs\)/);
    expect(text).toMatch(/moves \(Mann–Whitney U\)/);
  });

  it('--compare adjusts every p-value by Holm over all the comparison’s tests, and says how many it ran', () => {
    // B: the same games with seat 0 of SCOUT at 2 seats losing them all, so the p-values are not all 1.
    const other: StatsReport = structuredClone(report);
    const g = other.games.find((x) => x.game === 'scout' && x.seats === 2)!;
    const won = g.winRateBySeat[0]!.wins;
    Object.assign(g.winRateBySeat[0]!, { wins: 0 });
    Object.assign(g.winRateBySeat[1]!, { wins: g.winRateBySeat[1]!.wins + won });
    const comparisons = compareRuns([report, other]);
    const tests = testsOf(comparisons) as { p: number; pHolm: number }[];
    const seatsAndPositions = comparisons.reduce((n, c) => n + c.winRateBySeat.length + c.winRateByStartPosition.length, 0);
    expect(tests.length).toBe(seatsAndPositions + 3 * comparisons.length);
    expect(tests.map((t) => t.pHolm)).toEqual(holm(tests.map((t) => t.p)));
    expect(tests.some((t) => t.pHolm > t.p)).toBe(true);
    const text = textReport([report, other], ['A', 'B'], comparisons);
    expect(text).toContain(`tests here, ${tests.length} in this comparison; Holm p is adjusted over all ${tests.length}`);
    expect(text).toMatch(/seat 0: -\d+\.\d \[.*\]  z = -?\d+\.\d\d  p (=|<) \d\.\d{4}  Holm p (=|<) \d\.\d{4}/);
  });

  it('p-values print as numbers or "< 0.0001", never "p = <0.0001"', () => {
    expect(pText(0.0123)).toBe('p = 0.0123');
    expect(pText(0.00001)).toBe('p < 0.0001');
    expect(pText(0.00001, 'Holm p')).toBe('Holm p < 0.0001');
    const lopsided: StatsReport = structuredClone(report);
    for (const g of lopsided.games) g.balance = { chi2: 99, df: g.balance.df, p: 1e-9 };
    expect(textReport([lopsided])).toContain('p < 0.0001');
    expect(textReport([lopsided])).not.toMatch(/= ?</);
  });

  it('the chart legends name the option sets under --compare, not just "A" and "B"', async () => {
    const other: StatsReport = structuredClone(report);
    const g = other.games.find((x) => x.game === 'silver')!;
    g.options = { ...(g.options as object), rounds: 2 };
    const page = await htmlReport([report, other], ['A', 'B'], compareRuns([report, other]));
    const svgs = page.match(/<svg[\s\S]*?<\/svg>/g)!.join('');
    expect(svgs).toContain('B: rounds=2');
    expect(svgs).toContain('A: default options');
  });

  it('the difference plot labels 0, the line of no change, on an axis symmetric about it', async () => {
    expect(differenceAxis([{ low: -0.042, high: 0.033 }])).toEqual({ extent: 0.06, values: [-0.06, -0.04, -0.02, 0, 0.02, 0.04, 0.06] });
    expect(differenceAxis([{ low: 0.2, high: 0.9 }]).values).toEqual([-1, -0.5, 0, 0.5, 1]);
    const other: StatsReport = structuredClone(report);
    other.games.find((x) => x.game === 'silver')!.options = { rounds: 2 };
    const page = await htmlReport([report, other], ['A', 'B'], compareRuns([report, other]));
    const plot = page.match(/<svg[\s\S]*?<\/svg>/g)!.find((svg) => svg.includes('B − A win share'))!;
    const labels = [...plot.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
    expect(labels).toContain('0');
    const ticks = labels.filter((l) => /^[+−]\d/.test(l));
    expect(ticks.length).toBeGreaterThan(1);
    for (const t of ticks) expect(ticks).toContain(t.replace(/^[+−]/, (sign) => (sign === '+' ? '−' : '+')));
  });
});
