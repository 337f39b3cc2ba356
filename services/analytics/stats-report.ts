/**
 * How `npm run stats` shows its figures: a plain-text table for the terminal, and a
 * self-contained HTML page whose charts are inline SVG (stats-charts.ts; no script, no network).
 * Both show one export, or two side by side (`--compare`) with the tests of B against A. Each
 * column is labelled by what the run was (its option set, from the games themselves); a seat
 * whose two 95% intervals do not overlap is marked.
 */
import { optionsLabel } from './option-label.js';
import { sectionCharts, RUN_COLOURS } from './stats-charts.js';
import { comparisonKey, testsOf, type GroupComparison } from './stats-compare.js';
import type { GroupStats, PositionWins, SeatWins, StatsReport } from './stats.js';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2));
const interval = (w: SeatWins | PositionWins) => `${pct(w.rate)} [${pct(w.low)}, ${pct(w.high)}]`;
const figure = (name: string, v: number) => (/^(round|stage) end: |success|bet won|scores best|boosted/.test(name) ? pct(v) : num(v));
const disjoint = (a: SeatWins, b: SeatWins) => a.high < b.low || b.high < a.low;
/** "p = 0.0123", or "p < 0.0001" below what four decimals show. */
export const pText = (p: number, name = 'p') => (p < 0.0001 ? `${name} < 0.0001` : `${name} = ${p.toFixed(4)}`);
const ps = (t: { p: number; pHolm: number }) => `${pText(t.p)}  ${pText(t.pHolm, 'Holm p')}`;
const signed = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}`;

/** The tests of B against A for one group; `family` is how many tests the whole comparison ran. */
function comparisonLines(c: GroupComparison, family: number): string[] {
  const test = (name: string, t: { diff: number; low: number; high: number; z: number; p: number; pHolm: number }) => `    ${name}: ${signed(t.diff)} [${signed(t.low)}, ${signed(t.high)}]  z = ${t.z.toFixed(2)}  ${ps(t)}`;
  return [
    `  B − A: ${testsOf([c]).length} tests here, ${family} in this comparison; Holm p is adjusted over all ${family}`,
    '  two-proportion z-test, 95% interval on the difference in points:',
    ...c.winRateBySeat.map((t) => test(`seat ${t.seat}`, t)),
    ...c.winRateByStartPosition.map((t) => test(`start position ${t.position + 1}`, t)),
    `  all seats (chi-square between runs): chi2 = ${num(c.betweenRuns.chi2)} (df ${c.betweenRuns.df})  ${ps(c.betweenRuns)}`,
    `  moves (Mann–Whitney U): median ${num(c.moves.medianA)} → ${num(c.moves.medianB)}  ${ps(c.moves)}`,
    `  scores (Mann–Whitney U): median ${num(c.scores.medianA)} → ${num(c.scores.medianB)}  ${ps(c.scores)}`,
  ];
}

const REAL_LINEUPS = ['all human', 'with bots'];

interface Section {
  title: string;
  groups: (GroupStats | undefined)[];
  comparison?: GroupComparison;
}

/** One section per group; under --compare, B's group of the same game, seat count and line-up beside A's. */
function sections(reports: StatsReport[], comparisons: GroupComparison[]): Section[] {
  const title = (g: GroupStats) => `${g.game} · ${g.seats} seats${g.lineup ? ` · ${REAL_LINEUPS.includes(g.lineup) ? g.lineup : `bots ${g.lineup}`}` : ''}`;
  if (reports.length === 1) return reports[0]!.games.map((g) => ({ title: `${title(g)} · ${optionsLabel(g.game, g.options)}`, groups: [g] }));
  const keys = [...new Set(reports.flatMap((r) => r.games.map(comparisonKey)))];
  return keys.map((k) => {
    const groups = reports.map((r) => r.games.find((g) => comparisonKey(g) === k));
    const any = groups.find(Boolean)!;
    return { title: title(any), groups, comparison: comparisons.find((c) => comparisonKey(c) === k) };
  });
}

function rows(groups: (GroupStats | undefined)[]): [string, ...string[]][] {
  const present = groups.filter(Boolean) as GroupStats[];
  const seats = Math.max(...present.map((g) => g.winRateBySeat.length));
  const positions = Math.max(...present.map((g) => g.winRateByStartPosition.length));
  const cell = (f: (g: GroupStats) => string) => groups.map((g) => (g ? f(g) : '—'));
  const out: [string, ...string[]][] = [['games', ...cell((g) => String(g.n))]];
  for (let s = 0; s < seats; s++) {
    const ws = groups.map((g) => g?.winRateBySeat[s]);
    const flag = ws.length === 2 && ws[0] && ws[1] && disjoint(ws[0], ws[1]) ? ' *' : '';
    out.push([`seat ${s} wins${flag}`, ...ws.map((w) => (w ? `${num(w.wins)} · ${interval(w)}` : '—'))]);
  }
  for (let p = 0; p < positions; p++) out.push([`start position ${p + 1} wins${p === 0 ? ' (first player)' : ''}`, ...cell((g) => { const w = g.winRateByStartPosition[p]; return w ? `${num(w.wins)}/${w.n} · ${interval(w)}` : '—'; })]);
  out.push(['tie rate (a tie splits the win)', ...cell((g) => pct(g.tieRate))]);
  out.push(['seat balance: chi2 (df) p', ...cell((g) => `${num(g.balance.chi2)} (${g.balance.df}) ${pText(g.balance.p)}`)]);
  if (present.some((g) => g.startBalance)) out.push(['start position balance: chi2 (df) p', ...cell((g) => (g.startBalance ? `${num(g.startBalance.chi2)} (${g.startBalance.df}) ${pText(g.startBalance.p)}` : '—'))]);
  out.push(['moves: median (p90)', ...cell((g) => `${num(g.length.moves.median)} (${num(g.length.moves.p90)})`)]);
  out.push(['commits: median (p90)', ...cell((g) => `${num(g.length.commits.median)} (${num(g.length.commits.p90)})`)]);
  // A simulation plays at no cost of time (its clock is an input): wall time is a figure of real games only.
  if (present.some((g) => g.length.seconds.p90 > 0)) out.push(['wall time s: median (p90)', ...cell((g) => `${num(g.length.seconds.median)} (${num(g.length.seconds.p90)})`)]);
  out.push(['score: mean · median [p25, p75]', ...cell((g) => `${num(g.scores.mean)} · ${num(g.scores.median)} [${num(g.scores.p25)}, ${num(g.scores.p75)}]`)]);
  out.push(['score: range · winners’ median', ...cell((g) => `${num(g.scores.min)}..${num(g.scores.max)} · ${num(g.scores.winnerMedian)}`)]);
  out.push(['win margin: median (p90)', ...cell((g) => `${num(g.margin.median)} (${num(g.margin.p90)})`)]);
  const names = [...new Set(present.flatMap((g) => Object.keys(g.figures)))].sort();
  for (const name of names) out.push([name, ...cell((g) => (g.figures[name] === undefined ? '—' : figure(name, g.figures[name]!)))]);
  return out;
}

/** Column heads: under --compare, each run by its letter and its option set. */
const heads = (s: Section, labels: string[]) => (labels.length ? s.groups.map((g, k) => `${labels[k]}: ${g ? optionsLabel(g.game, g.options) : '—'}`) : []);

export function textReport(reports: StatsReport[], labels: string[] = [], comparisons: GroupComparison[] = []): string {
  const lines: string[] = [];
  const capped = reports.map((r, i) => (r.moveCapped ? `${labels[i] ? `${labels[i]}: ` : ''}${r.moveCapped} game(s) stopped at the move cap (endReason "move-cap"), left out of every figure` : '')).filter(Boolean);
  if (reports.every((r) => r.games.length === 0)) return ['no finished games in the export', ...capped, ''].join('\n');
  for (const s of sections(reports, comparisons)) {
    const table = rows(s.groups);
    if (labels.length) table.unshift(['', ...heads(s, labels)]);
    const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
    lines.push(s.title);
    for (const r of table) lines.push(`  ${r.map((c, i) => c.padEnd(widths[i]!)).join('   ').trimEnd()}`);
    if (s.comparison) lines.push(...comparisonLines(s.comparison, testsOf(comparisons).length));
    lines.push('');
  }
  if (reports.length === 2) lines.push('* the two 95% intervals of that seat’s win rate do not overlap', 'start position 1 is the seat that starts round 1 as the rules choose it (the first player); then the seats in order of play', '');
  if (capped.length) lines.push(...capped, '');
  return lines.join('\n');
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The page: one section per group, its charts and its table; `sources` names where each run came from. */
export async function htmlReport(reports: StatsReport[], labels: string[] = [], comparisons: GroupComparison[] = [], sources: string[] = []): Promise<string> {
  const legend = labels.length ? `<p>${labels.map((l, k) => `<span style="color:${RUN_COLOURS[k]}">■</span> ${esc(l)}${sources[k] ? ` = ${esc(sources[k]!)}` : ''}`).join(' &nbsp; ')}</p>` : '';
  const parts = await Promise.all(
    sections(reports, comparisons).map(async (s) => {
      const table = rows(s.groups);
      const head = labels.length ? `<tr><th></th>${heads(s, labels).map((l) => `<th>${esc(l)}</th>`).join('')}</tr>` : '';
      const body = table.map((r) => `<tr><th>${esc(r[0])}</th>${r.slice(1).map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('\n');
      const tests = s.comparison ? `<pre>${esc(comparisonLines(s.comparison, testsOf(comparisons).length).join('\n'))}</pre>` : '';
      const charts = (await sectionCharts(s.groups, s.comparison)).map((f) => `<figure>${f.svg}<figcaption>${esc(f.caption)}</figcaption></figure>`).join('');
      return `<section><h2>${esc(s.title)}</h2><div class="charts">${charts}</div><table>${head}${body}</table>${tests}</section>`;
    }),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Parlor statistics</title>
<style>body{font:14px system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse}th,td{padding:2px 10px;text-align:left;border-bottom:1px solid #eee}th{font-weight:normal;color:#555}.charts{display:flex;gap:2em;flex-wrap:wrap;align-items:flex-end}figure{margin:0}figcaption{color:#555;font-size:12px;max-width:32em}section{margin-bottom:3em}</style>
</head><body><h1>Parlor statistics</h1>${legend}
${parts.join('\n') || '<p>No finished games in the export.</p>'}
${reports.length === 2 ? '<p>* the two 95% intervals of that seat’s win rate do not overlap</p>' : ''}
</body></html>
`;
}
