/**
 * `npm run verify-store`: lists every damaged stream of the table (DATA_DIR / DYNAMODB_ENDPOINT,
 * TABLE_NAME as for `npm start`); exit 1 when there is one.
 */
import { verifyStore } from '../../app/verify-store.js';
import { parseCli } from './args.js';
import { openTable } from './table.js';

const USAGE = `usage: npm run verify-store

Checks every game's stream: versions 1…n without a gap and up to the version npm start acknowledged
(DATA_DIR/heads.jsonl: a data folder that lost its tail), every commit readable and foldable, every
snapshot equal to the fold of the commits before it. Prints one line per damaged stream and exits 1
if there is any (0 when all are sound). The table is the one npm start uses (DATA_DIR, default ./.data,
or DYNAMODB_ENDPOINT and TABLE_NAME); while npm start runs it reads through that server's endpoint.`;
parseCli(USAGE, { options: {} });

const table = await openTable();
try {
  const { games, damaged } = await verifyStore(table.client, table.tableName, table.store, undefined, table.heads);
  for (const d of damaged) console.log(`${d.gameId}  ${d.problem}  ${d.detail}`);
  console.log(`${games} games checked, ${damaged.length} damaged`);
  if (damaged.length) process.exitCode = 1;
} finally {
  await table.close();
}
