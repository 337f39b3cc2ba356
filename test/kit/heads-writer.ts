/**
 * A child process for test/store/heads-compaction.test.ts: records heads in a journal with a low
 * floor until its first rewrite, and kills itself (SIGKILL) in the middle of it: half-way through
 * writing the rewritten lines (`write`), or just before the rename that swaps them in (`rename`).
 * The fault is put on node:fs itself (syncBuiltinESMExports), so the journal runs unchanged.
 * `node --import tsx test/kit/heads-writer.ts <path> <write|rename> <games> <floor>` (the test runs
 * it bundled: test/kit/server-bundle.ts); exits 3 if no rewrite came.
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const [path, at, games, floor] = process.argv.slice(2) as [string, 'write' | 'rename', string, string];
const die = () => process.kill(process.pid, 'SIGKILL');
let armed = false;
const { writeSync, renameSync } = fs;
// A record writes one line; a rewrite writes every game's in one call.
fs.writeSync = ((fd: number, data: string, ...rest: never[]) => {
  if (armed && at === 'write' && typeof data === 'string' && data.split('\n').length > 2) {
    writeSync(fd, data.slice(0, Math.floor(data.length / 2)));
    die();
  }
  return writeSync(fd, data, ...rest);
}) as typeof fs.writeSync;
fs.renameSync = ((from: fs.PathLike, to: fs.PathLike) => {
  if (armed && at === 'rename') die();
  return renameSync(from, to);
}) as typeof fs.renameSync;
syncBuiltinESMExports();

const { HeadJournal } = await import('../../services/store/heads.js');
const journal = HeadJournal.open(path, undefined, Number(floor));
armed = true;
for (let i = 0; i < 100_000; i++) journal.record(`g${i % Number(games)}`, Math.floor(i / Number(games)) + 1);
process.exit(3);
