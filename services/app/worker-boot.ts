/**
 * The first lines of a worker thread that runs one of our TypeScript modules (the bot pool, the
 * simulator, the league). Through tsx's loader every worker paid ~1.05 s of CPU to start (its hooks
 * thread, every import resolved and loaded through it); from one esbuild bundle of the module and
 * what it imports from the repository, made once per process, ~0.42 s (simulate-worker.ts, three
 * starts each way in one process, `.sb`-style script timing process.cpuUsage around each worker's
 * life). The suite starts dozens of workers (simulate, league, datasets, the pool's servers).
 *
 * Packages stay outside the bundle, imported by Node as before: the bundle's folder holds a link
 * to the repository's node_modules. Where a bundle cannot be made (no esbuild, no node_modules
 * beside the sources), the worker loads the module through tsx, as before.
 *
 * The folder goes at the process's exit; a process killed (kill -9, a crash) leaves it, so the
 * next one to make a folder removes those of this machine's processes that are gone (the folder's
 * name carries the host and the pid): without it every killed server left its ~3 MB in /tmp.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hostname, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const bundles = new Map<string, string | null>();
let folder: string | undefined;

/** The bundle of `entry` (a file URL of a .ts module), made at its first use in this process; null where none can be made. */
function bundleOf(entry: URL): string | null {
  const known = bundles.get(entry.href);
  if (known !== undefined) return known;
  let made: string | null = null;
  try {
    const modules = fileURLToPath(new URL('../../node_modules', import.meta.url));
    if (!existsSync(modules)) throw new Error('no node_modules beside the sources');
    const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
    if (!folder) {
      removeLeftFolders();
      const dir = mkdtempSync(join(tmpdir(), `${FOLDER_PREFIX}${process.pid}-`));
      symlinkSync(modules, join(dir, 'node_modules'), 'dir');
      process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
      folder = dir;
    }
    const out = join(folder, `${bundles.size}-${basename(entry.pathname, '.ts')}.mjs`);
    buildSync({ entryPoints: [fileURLToPath(entry)], outfile: out, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'silent' });
    made = pathToFileURL(out).href;
  } catch {
    made = null;
  }
  bundles.set(entry.href, made);
  return made;
}

/** A folder's name: this prefix, the pid of the process that made it, a dash and mkdtemp's letters. */
export const FOLDER_PREFIX = `parlor-workers-${hostname()}-`;

/** Removes the folders left by this host's processes that are gone (killed before their exit handler ran). */
export function removeLeftFolders(dir = tmpdir()): void {
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(FOLDER_PREFIX)) continue;
    const pid = Number(name.slice(FOLDER_PREFIX.length).split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && !isRunning(pid)) rmSync(join(dir, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // running, as another user
  }
}

/** The `eval` source of a worker that runs `entry`. */
export function workerBoot(entry: URL): string {
  const bundle = entry.pathname.endsWith('.ts') ? bundleOf(entry) : null;
  if (bundle) return `import(${JSON.stringify(bundle)});`;
  return `
  (async () => {
    (await import('tsx/esm/api')).register();
    await import(${JSON.stringify(entry.href)});
  })();
`;
}
