/**
 * The charts of the HTML report, as Vega-Lite specifications rendered to SVG here (no browser, no
 * script in the page). Every distribution is binned on integer edges shared by both runs, so the
 * bars of A and B stand on the same bins.
 */
import * as vega from 'vega';
import * as vl from 'vega-lite';
import type { GroupComparison } from './stats-compare.js';
import type { Count, GroupStats } from './stats.js';
import { optionsLabel } from './option-label.js';

export const RUN_COLOURS = ['#3b6ea5', '#c0703a'];

type Row = Record<string, string | number>;
type Runs = (GroupStats | undefined)[];
/** A run's name in legends and tooltips: under --compare its letter and option set ("B: rounds=2"), else the option set. */
export function runName(runs: Runs, k: number): string {
  const g = runs[k];
  const options = g ? optionsLabel(g.game, g.options) : '—';
  return runs.length > 1 ? `${'AB'[k]}: ${options}` : options;
}

async function svg(spec: vl.TopLevelSpec): Promise<string> {
  // Vega-Lite warns on the terminal about how it merges the layers' scales; the report is the output.
  const view = new vega.View(vega.parse(vl.compile(spec, { logger: vega.logger(vega.Error) }).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

const colour = (runs: Runs) => ({
  field: 'run',
  type: 'nominal' as const,
  title: 'option set',
  scale: { domain: runs.map((_, k) => runName(runs, k)), range: RUN_COLOURS.slice(0, runs.length) },
  // Option sets make long names: the legend shows them whole.
  legend: runs.length > 1 ? { labelLimit: 480 } : null,
});

/** Bars of rates with their 95% interval as whiskers, one bar per run in each x category. */
function rateChart(rows: Row[], runs: Runs, x: string, { y = 'win share', whiskers = true } = {}): vl.TopLevelSpec {
  const encoding = {
    x: { field: 'x', type: 'ordinal' as const, title: x, sort: null, axis: { labelAngle: rows.some((r) => String(r.x).length > 4) ? -30 : 0 } },
    xOffset: { field: 'run', type: 'nominal' as const },
  };
  return {
    data: { values: rows },
    width: { step: 28 * runs.length + 14 },
    height: 160,
    encoding,
    layer: [
      { mark: 'bar', encoding: { y: { field: 'rate', type: 'quantitative', title: y, axis: { format: '%' }, scale: { domain: [0, 1] } }, color: colour(runs), tooltip: [{ field: 'label' }] } },
      ...(whiskers ? [{ mark: { type: 'rule' as const, color: '#111' }, encoding: { y: { field: 'low', type: 'quantitative' as const }, y2: { field: 'high' } } }] : []),
    ],
  };
}

/** Integer bins shared by every series: about `target` bins over the whole range, never narrower than 1. */
export function sharedBins(series: Count[][], target = 20): { step: number; of: (v: number) => number } {
  const all = series.flat().map((c) => c.value);
  const lo = Math.floor(Math.min(...all));
  const step = Math.max(1, Math.ceil((Math.max(...all) + 1 - lo) / target));
  return { step, of: (v) => lo + Math.floor((v - lo) / step) * step };
}

/** Share of each series' values per bin [from, to). */
function histogramRows(runs: Runs, series: { run: number; facet?: string; counts: Count[] }[], bins: ReturnType<typeof sharedBins>): Row[] {
  const rows: Row[] = [];
  for (const s of series) {
    const total = s.counts.reduce((n, c) => n + c.count, 0);
    const shares = new Map<number, number>();
    for (const c of s.counts) shares.set(bins.of(c.value), (shares.get(bins.of(c.value)) ?? 0) + c.count);
    for (const [from, n] of shares) rows.push({ run: runName(runs, s.run), from, to: from + bins.step, share: n / total, ...(s.facet ? { facet: s.facet } : {}) });
  }
  return rows;
}

/** Bars on the shared integer bins; two runs overlaid, see-through. */
function histogramChart(rows: Row[], runs: Runs, x: string, facet?: string): vl.TopLevelSpec {
  const inner = {
    mark: { type: 'bar' as const, opacity: runs.length > 1 ? 0.55 : 1, binSpacing: 1 },
    encoding: {
      x: { field: 'from', type: 'quantitative' as const, bin: { binned: true }, title: x },
      x2: { field: 'to' },
      y: { field: 'share', type: 'quantitative' as const, title: 'share', axis: { format: '%' }, stack: null },
      color: colour(runs),
    },
  };
  if (!facet) return { data: { values: rows }, width: 300, height: 140, ...inner };
  return { data: { values: rows }, facet: { column: { field: 'facet', type: 'nominal', title: facet } }, spec: { width: 220, height: 120, ...inner } };
}

/**
 * The difference plot's axis: symmetric about 0 at a round step, 0 always a labelled tick. Left to
 * Vega, ticks every 1% collide and every other label is dropped, 0 ("+0%") among them, so the line
 * of no change went unlabelled.
 */
export function differenceAxis(rows: readonly { low: number; high: number }[]): { extent: number; values: number[] } {
  const reach = Math.max(0.005, ...rows.flatMap((r) => [Math.abs(r.low), Math.abs(r.high)]).filter(Number.isFinite));
  // About three ticks a side: room for a label each on the chart's 260 px.
  const step = [0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5].find((s) => s >= reach / 3) ?? 0.5;
  const n = Math.ceil(reach / step - 1e-9);
  return { extent: n * step, values: Array.from({ length: 2 * n + 1 }, (_, i) => Math.round((i - n) * step * 1e6) / 1e6) };
}

/** B − A with its 95% interval, per seat and per turn position; the rule at 0 is "no change". */
function differenceChart(c: GroupComparison): vl.TopLevelSpec {
  const rows = [
    ...c.winRateBySeat.map((t) => ({ what: `seat ${t.seat}`, diff: t.diff, low: t.low, high: t.high })),
    ...c.winRateByStartPosition.map((t) => ({ what: `start position ${t.position + 1}`, diff: t.diff, low: t.low, high: t.high })),
  ];
  const { extent, values } = differenceAxis(rows);
  const axis = { values, labelExpr: "datum.value === 0 ? '0' : format(datum.value, '+.1~%')" };
  return {
    data: { values: rows },
    width: 260,
    height: { step: 22 },
    layer: [
      { mark: { type: 'rule', color: '#999' }, encoding: { x: { datum: 0 } } },
      { mark: 'rule', encoding: { y: { field: 'what', type: 'ordinal', title: null, sort: null }, x: { field: 'low', type: 'quantitative', title: 'B − A win share, 95% interval', axis, scale: { domain: [-extent, extent], nice: false } }, x2: { field: 'high' } } },
      { mark: { type: 'point', filled: true, color: '#111' }, encoding: { y: { field: 'what', type: 'ordinal', sort: null }, x: { field: 'diff', type: 'quantitative' } } },
    ],
  };
}

export interface Figure {
  caption: string;
  svg: string;
}

/** Every chart of one section of the report (one group, or a pair of groups under --compare). */
export async function sectionCharts(runs: Runs, comparison?: GroupComparison): Promise<Figure[]> {
  const present = runs.map((g, run) => ({ g, run })).filter((r): r is { g: GroupStats; run: number } => r.g !== undefined);
  const rate = (label: string, x: string, rows: { x: string; rate: number; low: number; high: number; run: string }[]) => ({ label, x, rows: rows.map((r) => ({ ...r, label: `${r.x}, ${r.run}: ${(r.rate * 100).toFixed(1)}% [${(r.low * 100).toFixed(1)}, ${(r.high * 100).toFixed(1)}]` })) });
  const rates = [
    rate('Win share by seat, 95% Wilson interval (a tie splits the win)', 'seat', present.flatMap(({ g, run }) => g.winRateBySeat.map((w) => ({ x: String(w.seat), rate: w.rate, low: w.low, high: w.high, run: runName(runs, run) })))),
    rate('Win share by start position (1 = the seat that starts round 1, as the rules choose it; then in order of play), 95% Wilson interval', 'start position', present.flatMap(({ g, run }) => g.winRateByStartPosition.map((p) => ({ x: String(p.position + 1), rate: p.rate, low: p.low, high: p.high, run: runName(runs, run) })))),
  ].filter((r) => r.rows.length);
  const moves = present.map(({ g, run }) => ({ run, counts: g.distributions.moves }));
  const scores = present.flatMap(({ g, run }) => g.distributions.scoresBySeat.map((counts, seat) => ({ run, facet: String(seat), counts })));
  const margins = present.map(({ g, run }) => ({ run, counts: g.distributions.margin }));
  const ends = present.flatMap(({ g, run }) =>
    Object.entries(g.figures)
      .filter(([name]) => /^(round|stage) end: /.test(name))
      .map(([name, share]) => ({ x: name.replace(/^(round|stage) end: /, ''), rate: share, run: runName(runs, run), label: `${name}: ${(share * 100).toFixed(1)}%` })),
  );
  const figures: { caption: string; spec: vl.TopLevelSpec }[] = [
    ...rates.map((r) => ({ caption: r.label, spec: rateChart(r.rows, runs, r.x) })),
    { caption: 'Game length: moves per game (share of games)', spec: histogramChart(histogramRows(runs, moves, sharedBins(moves.map((m) => m.counts))), runs, 'moves') },
    { caption: 'Final score by seat (share of that seat’s games)', spec: histogramChart(histogramRows(runs, scores, sharedBins(scores.map((s) => s.counts))), runs, 'score', 'seat') },
    { caption: 'Win margin: the winner’s lead over the closest other seat', spec: histogramChart(histogramRows(runs, margins, sharedBins(margins.map((m) => m.counts))), runs, 'points') },
  ];
  if (ends.length) figures.push({ caption: 'How rounds (stages) end, share of rounds', spec: rateChart(ends, runs, 'reason', { y: 'share of rounds', whiskers: false }) });
  if (comparison) figures.push({ caption: 'B − A: the change in win share, with its 95% interval', spec: differenceChart(comparison) });
  return Promise.all(figures.map(async (f) => ({ caption: f.caption, svg: await svg({ ...f.spec, config: { font: 'system-ui, sans-serif' } } as vl.TopLevelSpec) })));
}
