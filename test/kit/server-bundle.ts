/**
 * `npm start` and the commands that tests run as child processes, bundled by esbuild when a vitest
 * worker first asks (and taken as it is while no file it was made from changes: unchangedBuild)
 * instead of transpiled by tsx at every start: a kill -9 test starts the server up to four times,
 * and tsx's loader cost each start about twice the CPU of the bundle (~2.4 s against ~1.2 s). The
 * same sources (a line broken in services/ is in the bundle). Every module keeps its own
 * `import.meta.url` (a literal of its source file), so what a module finds beside itself (the web
 * client's files, the bot pool's worker, bundled by services/app/worker-boot.ts as under `npm start`)
 * is found.
 *
 * The packages are in the bundle too, but for those node must load from their own folders (NATIVE):
 * left to node, a start resolved, read and lexed some hundreds of package files, ~40% of its CPU
 * (1.7 s against 2.8 s a start of `services/main.ts`, bundled on the loaded 2-core machine). A package
 * file naming `__dirname` or `__filename` (GraphiQL's and Swagger UI's files, pino's workers) gets its own.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The entries, by the name a test asks for. */
export const ENTRIES = {
  main: 'services/main.ts',
  export: 'services/analytics/cli/export.ts',
  stats: 'services/analytics/cli/stats.ts',
  simulate: 'services/analytics/cli/simulate.ts',
  verify: 'services/analytics/cli/verify.ts',
  'verify-store': 'services/analytics/cli/verify-store.ts',
  lab: 'services/analytics/cli/lab.ts',
  league: 'services/analytics/league/cli.ts',
  // The environment server the Python package starts (python/parlor_env/_server.py, PARLOR_ENV_SCRIPT).
  env: 'services/env/server.ts',
  'heads-writer': 'test/kit/heads-writer.ts',
  // The embedded DynamoDB the capacity run starts in a process of its own (bench/capacity/world.ts, CAPACITY_DYNAMO_SCRIPT).
  'capacity-dynamo': 'bench/capacity/dynamo-child.ts',
} as const;
export type EntryName = keyof typeof ENTRIES;

/** `import.meta.url` in a module of ours is its source file's address, not the bundle's. */
const ownUrls: Plugin = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes(`node_modules`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/**
 * Packages node loads from node_modules, not from the bundle: native libraries (the embedded
 * DynamoDB's LevelDB, DuckDB), and the bundlers and loaders that load our sources at run time.
 */
const NATIVE = ['dynalite', 'level', 'classic-level', '@duckdb/*', 'esbuild', 'tsx'];

/** A package file bundled into an ES module has no `__dirname` or `__filename`: it gets its own folder's and name. */
const ownDirname: Plugin = {
  name: 'own-dirname',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/].*\.c?js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('__dirname') && !source.includes('__filename')) return undefined;
      return { contents: `var __dirname = ${JSON.stringify(dirname(args.path))}, __filename = ${JSON.stringify(args.path)};\n${source}`, loader: 'js' };
    });
  },
};

/**
 * A package imported dynamically (`await import('standardwebhooks')`) is left to node, which loads it
 * when first asked as under `npm start`: bundled with splitting, a CommonJS package's chunk exported
 * `default` alone, not the names node finds in it (`Webhook`: "Signer is not a constructor").
 */
const dynamicPackages: Plugin = {
  name: 'dynamic-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.kind === 'dynamic-import' && !args.path.startsWith('node:') ? { path: args.path, external: true } : undefined));
  },
};

// CommonJS files of ours (services/api/limits/graphql-cjs.cjs) require packages: an ESM bundle needs `require`.
const BANNER = "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);";

/** Bundles older than this, of sources since changed, are removed when a worker builds. */
const STALE_MS = 24 * 3600_000;

let built: Promise<string> | undefined;

const sha = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const PARENT = join(tmpdir(), 'parlor-test-bundles');
/** What the last build from this checkout was made of: its folder, and each input file with its sha256 then. */
const RECORD = join(PARENT, `inputs-${sha(ROOT).slice(0, 16)}.json`);

/**
 * The folder of the last build from this checkout, when none of the files it was made from has
 * changed since: the other worker of a run, and the next run, take it instead of building again
 * (~4 s of CPU, most of it in esbuild's own process, against ~0.1 s to read and hash the inputs).
 */
function unchangedBuild(): string | undefined {
  try {
    const kept = JSON.parse(readFileSync(RECORD, 'utf8')) as { dir: string; inputs: [string, string][] };
    for (const [file, hash] of kept.inputs) if (sha(readFileSync(file)) !== hash) return undefined;
    const now = new Date();
    utimesSync(kept.dir, now, now); // in use: not stale
    return kept.dir;
  } catch {
    return undefined;
  }
}

/**
 * Builds every entry into one folder under the system's temporary folder, named by a hash of the
 * output (two workers of one run share it), with a `node_modules` link to the project's so the
 * packages left out (NATIVE) resolve as from the sources. Resolves to the folder. A build of the
 * same sources is taken as it is (unchangedBuild).
 */
function buildOnce(): Promise<string> {
  return (built ??= (async () => {
    const kept = unchangedBuild();
    if (kept) return kept;
    const out = await build({
      absWorkingDir: ROOT,
      entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, join(ROOT, file)])),
      bundle: true,
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: NATIVE,
      outdir: join(ROOT, 'bundle-out'), // only to name the files: nothing is written
      write: false,
      metafile: true,
      banner: { js: BANNER },
      plugins: [ownUrls, ownDirname, dynamicPackages],
      logLevel: 'error',
    });
    const files = out.outputFiles.map((f) => ({ path: relative(join(ROOT, 'bundle-out'), f.path), contents: f.contents })).sort((a, b) => (a.path < b.path ? -1 : 1));
    const hash = createHash('sha256');
    for (const f of files) hash.update(f.path).update('\0').update(f.contents).update('\0');
    const parent = PARENT;
    const dir = join(parent, `${hash.digest('hex').slice(0, 16)}`);
    if (!existsSync(dir)) {
      const temp = `${dir}.${process.pid}`;
      rmSync(temp, { recursive: true, force: true });
      for (const f of files) {
        mkdirSync(dirname(join(temp, f.path)), { recursive: true });
        writeFileSync(join(temp, f.path), f.contents);
      }
      symlinkSync(join(ROOT, 'node_modules'), join(temp, 'node_modules'), 'dir');
      try {
        renameSync(temp, dir);
      } catch {
        rmSync(temp, { recursive: true, force: true }); // the other worker wrote the same bundle first
      }
      for (const old of readdirSync(parent)) {
        const path = join(parent, old);
        if (path !== dir && Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
      }
    }
    // What it was made of (with tsconfig.json, read by esbuild but no input of the metafile's, esbuild's version and
    // this file's options): the next build of the same sources is this one.
    const inputs = [...Object.keys(out.metafile.inputs).filter((i) => !i.includes(':')).map((i) => resolve(ROOT, i)), join(ROOT, 'tsconfig.json'), join(ROOT, 'node_modules', 'esbuild', 'package.json'), fileURLToPath(import.meta.url)];
    const record = JSON.stringify({ dir, inputs: inputs.map((f) => [f, sha(readFileSync(f))]) });
    writeFileSync(`${RECORD}.${process.pid}`, record);
    renameSync(`${RECORD}.${process.pid}`, RECORD);
    return dir;
  })());
}

/** The bundled file of `name`, built (or found unchanged) on the worker's first call: run it with `node <file>`. */
export async function bundled(name: EntryName): Promise<string> {
  return join(await buildOnce(), `${name}.js`);
}
