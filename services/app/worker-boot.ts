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
 */
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
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
      const dir = mkdtempSync(join(tmpdir(), 'parlor-workers-'));
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
