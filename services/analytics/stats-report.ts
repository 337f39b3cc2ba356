/**
 * How `npm run stats` shows its figures: a plain-text table for the terminal, and a
 * self-contained HTML page whose charts are inline SVG (no script, no network). Both show one
 * export, or two side by side (`--compare`), where a seat whose two 95% intervals do not
 * overlap is marked: the option set changed that seat's chances beyond chance.
 */
import type { GroupComparison } from './stats-compare.js';
import type { GroupStats, SeatWins, StatsReport } from './stats.js';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2));
const interval = (w: SeatWins) => `${pct(w.rate)} [${pct(w.low)}, ${pct(w.high)}]`;
const figure = (name: string, v: number) => (/^(round|stage) end: |success|bet won|scores best|boosted/.test(name) ? pct(v) : num(v));
const disjoint = (a: SeatWins, b: SeatWins) => a.high < b.low || b.high < a.low;
const key = (g: GroupStats) => `${g.game}/${g.seats}/${g.lineup ?? ''}`;
const pvalue = (p: number) => (p < 0.0001 ? '<0.0001' : p.toFixed(4));
const signed = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}`;

/** The tests of B against A for one game and seat count. */
function comparisonLines(c: GroupComparison): string[] {
  return [
    '  B − A (two-proportion z-test, 95% interval on the difference in points):',
    ...c.winRateBySeat.map((t) => `    seat ${t.seat}: ${signed(t.diff)} [${signed(t.low)}, ${signed(t.high)}]  z = ${t.z.toFixed(2)}  p = ${pvalue(t.p)}`),
    `  all seats (chi-square between runs): chi2 = ${num(c.betweenRuns.chi2)} (df ${c.betweenRuns.df})  p = ${pvalue(c.betweenRuns.p)}`,
    `  moves (Mann–Whitney U): median ${num(c.moves.medianA)} → ${num(c.moves.medianB)}  p = ${pvalue(c.moves.p)}`,
    `  scores (Mann–Whitney U): median ${num(c.scores.medianA)} → ${num(c.scores.medianB)}  p = ${pvalue(c.scores.p)}`,
  ];
}

/** Groups of one or two reports, matched by game and seat count. */
function pairs(reports: StatsReport[]): { title: string; groups: (GroupStats | undefined)[] }[] {
  const keys = [...new Set(reports.flatMap((r) => r.games.map(key)))];
  return keys.map((k) => {
    const groups = reports.map((r) => r.games.find((g) => key(g) === k));
    const any = groups.find(Boolean)!;
    return { title: `${any.game} · ${any.seats} seats${any.lineup ? ` · bots ${any.lineup}` : ''}`, groups };
  });
}

function rows(groups: (GroupStats | undefined)[]): [string, ...string[]][] {
  const present = groups.filter(Boolean) as GroupStats[];
  const seats = Math.max(...present.map((g) => g.winRateBySeat.length));
  const cell = (f: (g: GroupStats) => string) => groups.map((g) => (g ? f(g) : '—'));
  const out: [string, ...string[]][] = [['options', ...cell((g) => (g.optionSets > 1 ? `${g.optionSets} option sets` : JSON.stringify(g.options)))], ['games', ...cell((g) => String(g.n))]];
  for (let s = 0; s < seats; s++) {
    const ws = groups.map((g) => g?.winRateBySeat[s]);
    const flag = ws.length === 2 && ws[0] && ws[1] && disjoint(ws[0], ws[1]) ? ' *' : '';
    out.push([`seat ${s} wins${flag}`, ...ws.map((w) => (w ? `${num(w.wins)} · ${interval(w)}` : '—'))]);
  }
  out.push(['tie rate (a tie splits the win)', ...cell((g) => pct(g.tieRate))]);
  out.push(['seat balance: chi2 (df) p', ...cell((g) => `${num(g.balance.chi2)} (${g.balance.df}) p = ${pvalue(g.balance.p)}`)]);
  out.push(['moves: median (p90)', ...cell((g) => `${num(g.length.moves.median)} (${num(g.length.moves.p90)})`)]);
  out.push(['commits: median (p90)', ...cell((g) => `${num(g.length.commits.median)} (${num(g.length.commits.p90)})`)]);
  out.push(['wall time s: median (p90)', ...cell((g) => `${num(g.length.seconds.median)} (${num(g.length.seconds.p90)})`)]);
  out.push(['score: mean · median [p25, p75]', ...cell((g) => `${num(g.scores.mean)} · ${num(g.scores.median)} [${num(g.scores.p25)}, ${num(g.scores.p75)}]`)]);
  out.push(['score: range · winners’ median', ...cell((g) => `${num(g.scores.min)}..${num(g.scores.max)} · ${num(g.scores.winnerMedian)}`)]);
  const names = [...new Set(present.flatMap((g) => Object.keys(g.figures)))].sort();
  for (const name of names) out.push([name, ...cell((g) => (g.figures[name] === undefined ? '—' : figure(name, g.figures[name]!)))]);
  return out;
}

export function textReport(reports: StatsReport[], labels: string[] = [], comparisons: GroupComparison[] = []): string {
  const lines: string[] = [];
  if (reports.every((r) => r.games.length === 0)) return 'no finished games in the export\n';
  for (const { title, groups } of pairs(reports)) {
    const table = rows(groups);
    if (labels.length) table.unshift(['', ...labels]);
    const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
    lines.push(title);
    for (const r of table) lines.push(`  ${r.map((c, i) => c.padEnd(widths[i]!)).join('   ').trimEnd()}`);
    const any = groups.find(Boolean)!;
    const tests = comparisons.find((c) => c.game === any.game && c.seats === any.seats);
    if (tests) lines.push(...comparisonLines(tests));
    lines.push('');
  }
  if (reports.length === 2) lines.push('* the two 95% intervals of that seat’s win rate do not overlap', '');
  return lines.join('\n');
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const COLOURS = ['#3b6ea5', '#c0703a'];

/** Win rate per seat as bars with their 95% interval as whiskers; one bar per report. */
function winChart(groups: (GroupStats | undefined)[]): string {
  const seats = Math.max(...groups.map((g) => g?.winRateBySeat.length ?? 0));
  const w = 60 + seats * 70;
  const h = 200;
  const y = (r: number) => 170 - r * 150;
  const parts = [`<line x1="40" y1="170" x2="${w - 10}" y2="170" stroke="#444"/>`];
  for (const t of [0, 0.25, 0.5, 0.75, 1]) parts.push(`<text x="34" y="${y(t) + 4}" text-anchor="end">${t * 100}%</text><line x1="40" x2="${w - 10}" y1="${y(t)}" y2="${y(t)}" stroke="#ddd"/>`);
  groups.forEach((g, k) =>
    g?.winRateBySeat.forEach((s) => {
      const x = 55 + s.seat * 70 + k * 26;
      parts.push(`<rect x="${x}" y="${y(s.rate)}" width="22" height="${170 - y(s.rate)}" fill="${COLOURS[k]}"><title>seat ${s.seat}: ${interval(s)}</title></rect>`);
      parts.push(`<line x1="${x + 11}" x2="${x + 11}" y1="${y(s.high)}" y2="${y(s.low)}" stroke="#111"/><line x1="${x + 6}" x2="${x + 16}" y1="${y(s.high)}" y2="${y(s.high)}" stroke="#111"/><line x1="${x + 6}" x2="${x + 16}" y1="${y(s.low)}" y2="${y(s.low)}" stroke="#111"/>`);
    }),
  );
  for (let s = 0; s < seats; s++) parts.push(`<text x="${55 + s * 70 + 22}" y="188" text-anchor="middle">seat ${s}</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-size="11">${parts.join('')}</svg>`;
}

/** The score distribution: each report's histogram as shares of its scores, on one common axis, overlaid. */
function scoreChart(groups: (GroupStats | undefined)[]): string {
  const present = groups.filter(Boolean) as GroupStats[];
  const lo = Math.min(...present.map((g) => g.scores.min));
  const hi = Math.max(lo + 1, ...present.map((g) => g.scores.max));
  const share = (g: GroupStats, count: number) => count / g.scores.histogram.reduce((n, b) => n + b.count, 0);
  const top = Math.max(...present.flatMap((g) => g.scores.histogram.map((b) => share(g, b.count))));
  const x = (v: number) => 40 + ((v - lo) / (hi - lo)) * 360;
  const parts: string[] = [];
  groups.forEach((g, k) =>
    g?.scores.histogram.forEach((b) => {
      const bh = (share(g, b.count) / top) * 140;
      parts.push(`<rect x="${x(b.from)}" y="${150 - bh}" width="${Math.max(1, x(b.to) - x(b.from) - 1)}" height="${bh}" fill="${COLOURS[k]}" fill-opacity="0.6"><title>${num(b.from)} to ${num(b.to)}: ${b.count} (${pct(share(g, b.count))})</title></rect>`);
    }),
  );
  parts.push(`<line x1="36" y1="150" x2="404" y2="150" stroke="#444"/><text x="40" y="166">${num(lo)}</text><text x="400" y="166" text-anchor="end">${num(hi)}</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="410" height="175" font-size="11">${parts.join('')}</svg>`;
}

export function htmlReport(reports: StatsReport[], labels: string[] = []): string {
  const legend = labels.length ? `<p>${labels.map((l, k) => `<span style="color:${COLOURS[k]}">■</span> ${esc(l)}`).join(' &nbsp; ')}</p>` : '';
  const sections = pairs(reports).map(({ title, groups }) => {
    const table = rows(groups);
    const head = labels.length ? `<tr><th></th>${labels.map((l) => `<th>${esc(l)}</th>`).join('')}</tr>` : '';
    const body = table.map((r) => `<tr><th>${esc(r[0])}</th>${r.slice(1).map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('\n');
    return `<section><h2>${esc(title)}</h2><div class="charts"><figure>${winChart(groups)}<figcaption>Win rate by seat, 95% Wilson interval</figcaption></figure><figure>${scoreChart(groups)}<figcaption>Final scores of every seat (share of scores)</figcaption></figure></div><table>${head}${body}</table></section>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Parlor statistics</title>
<style>body{font:14px system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse}th,td{padding:2px 10px;text-align:left;border-bottom:1px solid #eee}th{font-weight:normal;color:#555}.charts{display:flex;gap:2em;flex-wrap:wrap}figure{margin:0}figcaption{color:#555;font-size:12px}</style>
</head><body><h1>Parlor statistics</h1>${legend}
${sections.join('\n') || '<p>No finished games in the export.</p>'}
${reports.length === 2 ? '<p>* the two 95% intervals of that seat’s win rate do not overlap</p>' : ''}
</body></html>
`;
}
