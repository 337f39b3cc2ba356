/**
 * `npm run stats -- [DIR|GLOB …] [--json] [--html FILE]` and `npm run stats -- --compare A B [--json] [--html FILE]`:
 * statistics over an export directory (default ./export) or several read as one (a sharded run), or two datasets side by side.
 */
import { writeFile } from 'node:fs/promises';
import { parseCli } from './args.js';

const USAGE = `usage: npm run stats -- [DIR|GLOB …] [--json] [--html FILE]
       npm run stats -- --compare A B [--json] [--html FILE]

Statistics of an export directory (npm run export or npm run simulate; default ./export), or of
several read as one dataset (the shards of a run: npm run stats -- 'runs/scout-*'; a quoted glob
takes *, ?, […] and **; a game in two folders is an error), per
game type, seat count, option set and line-up (never pooled): win share by seat and by start
position with 95% intervals, ties split, seat balance (chi-square), game length, scores, win
margin, each game's own figures. --compare adds B − A tests: z-tests with intervals on the
difference, chi-square between the runs, Mann–Whitney U on length and scores.
  --compare   two datasets side by side; A and B are each a folder, a quoted glob, or a comma-separated list
  --json      print the figures as JSON
  --html FILE write a self-contained HTML report`;

async function main(): Promise<number> {
  const { values, positionals } = parseCli(USAGE, { options: { json: { type: 'boolean' }, html: { type: 'string' }, compare: { type: 'boolean' } }, allowPositionals: true });
  const dirs = positionals;
  // Imported after the arguments are read: --help and a wrong flag answer without loading DuckDB and the engine.
  const [{ computeStats }, { compareRuns }, { htmlReport, textReport }, { datasetFolders }] = await Promise.all([import('../stats.js'), import('../stats-compare.js'), import('../stats-report.js'), import('../datasets.js')]);
  if (values.compare && positionals.length !== 2) {
    console.error(USAGE);
    return 2;
  }
  let datasets: string[][];
  try {
    datasets = await Promise.all((values.compare ? positionals.map((p) => [p]) : [positionals.length ? positionals : ['export']]).map(datasetFolders));
  } catch (e) {
    console.error(`stats: ${(e as Error).message}`);
    return 2;
  }
  try {
    const reports = await Promise.all(datasets.map((d) => computeStats(d)));
    const labels = values.compare ? ['A', 'B'] : [];
    const comparisons = values.compare ? compareRuns([reports[0]!, reports[1]!]) : [];
    if (values.html) {
      await writeFile(values.html, await htmlReport(reports, labels, comparisons, values.compare ? dirs : []));
      if (!values.json) console.log(`wrote ${values.html}`);
    }
    if (values.json) console.log(JSON.stringify(values.compare ? { a: { dir: dirs[0], ...reports[0] }, b: { dir: dirs[1], ...reports[1] }, comparisons } : reports[0], null, 2));
    else if (!values.html) {
      if (values.compare) console.log(dirs.map((d, i) => `${labels[i]} = ${d}`).join('   '));
      process.stdout.write(textReport(reports, labels, comparisons));
    }
    return 0;
  } catch (e) {
    console.error(`stats failed: ${(e as Error).message}`);
    return 1;
  }
}

process.exitCode = await main();
