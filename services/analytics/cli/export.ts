/**
 * `npm run export -- --out DIR [--game TYPE] [--since ISO-DATE] [--page-size N]`: the finished
 * games of the table (DATA_DIR / DYNAMODB_ENDPOINT, TABLE_NAME as for `npm start`) as NDJSON and
 * Parquet. Run it again after an interruption: it resumes from its last checkpoint.
 */
import { parseCli } from './args.js';

const USAGE = `usage: npm run export -- --out DIR [--game TYPE] [--since ISO-DATE] [--page-size N] [--trajectories]

Writes every finished game of the table as games.ndjson, moves.ndjson, events.ndjson and their
Parquet copies (docs/analytics.md describes the columns). The table is the one npm start uses:
DATA_DIR (default ./.data) — while npm start runs, the export reads through the DynamoDB
endpoint that server recorded there — or DYNAMODB_ENDPOINT and TABLE_NAME (default parlor).
No AWS settings are needed for a local endpoint; against real DynamoDB set AWS_REGION and
credentials as for any AWS SDK. Run it again after an interruption: it resumes.
--trajectories also writes trajectories.ndjson: per seat, one line per decision with the seat's
view, its legal moves and the move it made (docs/analytics.md gives the schema).`;
const { values } = parseCli(USAGE, { options: { out: { type: 'string' }, game: { type: 'string' }, since: { type: 'string' }, 'page-size': { type: 'string' }, trajectories: { type: 'boolean' } } });
if (!values.out) {
  console.error(USAGE);
  process.exit(2);
}

// Imported after the arguments are read: --help and a wrong flag answer without loading the store and the engine.
const [{ exportGames }, { progress }, { openTable }] = await Promise.all([import('../export.js'), import('./progress.js'), import('./table.js')]);
const table = await openTable();
const bar = progress('export');
try {
  const summary = await exportGames(table.store, {
    out: values.out,
    game: values.game,
    since: values.since,
    pageSize: values['page-size'] === undefined ? undefined : Number(values['page-size']),
    trajectories: values.trajectories,
    onProgress: (p) => bar.update(p.scanned, p.total ?? p.scanned, `items · ${p.games} games · ${p.events} events`),
  });
  bar.stop();
  console.log(`${summary.resumed ? 'resumed and wrote' : 'wrote'} ${summary.games} games, ${summary.events} events in ${summary.seconds.toFixed(1)} s (${Math.round(summary.events / summary.seconds)} events/s):`);
  for (const file of summary.files) console.log(`  ${file}`);
} catch (e) {
  bar.stop();
  console.error(`export failed: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await table.close();
}
