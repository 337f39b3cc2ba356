/**
 * The page's scripts as browsers load them: public/js bundled by esbuild into a few files (the
 * lobby's entry, each page's, and the chunks they share), named by their content's hash so a
 * browser keeps them for good. As written, the lobby asked for 22 modules and a table 26 more,
 * each a request (a round trip on a phone, ~6 ms of Chromium's CPU here); bundled, the lobby asks
 * for 8 and a table 2 more, at about the same bytes (measured in test/web/lobby.test.ts).
 *
 * Made in memory at the page's first request where esbuild is installed (`npm start`, the tests:
 * services/web/plugin.ts), or ahead of time into the web function's public/ (infra/bundle.ts),
 * whose Lambda has no esbuild. Without either the page loads public/js module by module.
 */
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import type { BuildOptions } from 'esbuild';

/** Where the bundle's files are served (and written ahead of time): /b/. */
export const BUNDLE_DIR = 'b';

export interface PageBundle {
  /** Each file's path as served (`/b/main-<hash>.js`, `/b/chunk-<hash>.js`…) and its bytes. */
  files: Map<string, Buffer>;
  /** The entry's path, which the page's script tag names. */
  entry: string;
}

export function bundleOptions(root: string): BuildOptions {
  return {
    entryPoints: [join(root, 'js', 'main.js')],
    outdir: join(root, BUNDLE_DIR),
    bundle: true,
    splitting: true, // each page a file of its own, loaded when first opened; what pages share, in chunks
    format: 'esm',
    target: 'es2022',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    logLevel: 'silent',
  };
}

/** The bundle of `root`'s page, in memory; null where esbuild is not installed (a Lambda). */
export async function buildPageBundle(root: string): Promise<PageBundle | null> {
  let esbuild: typeof import('esbuild');
  try {
    // Required by name at run time, so no bundler takes esbuild (a native binary) into a Lambda.
    esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  } catch {
    return null;
  }
  const out = await esbuild.build({ ...bundleOptions(root), write: false });
  return bundleFiles(root, out.outputFiles.map((f) => ({ path: f.path, bytes: Buffer.from(f.contents) })));
}

/** The bundle as served, from esbuild's output files (in memory or written). */
export function bundleFiles(root: string, outputs: { path: string; bytes: Buffer }[]): PageBundle {
  const files = new Map<string, Buffer>();
  let entry = '';
  for (const f of outputs) {
    const path = '/' + relative(root, f.path).split(sep).join('/');
    files.set(path, f.bytes);
    if (path.startsWith(`/${BUNDLE_DIR}/main-`)) entry = path;
  }
  if (!entry) throw new Error('the page bundle has no entry');
  return { files, entry };
}

/** The page (index.html) loading the bundle: its entry instead of js/main.js, without the hints for the unbundled modules. */
export function pageWithBundle(html: string, entry: string): string {
  const page = html.replace('src="/js/main.js"', `src="${entry}"`).replace(/^<!--[^\n]*-->\n|^<link rel="modulepreload"[^\n]*\n/gm, '');
  if (!page.includes(`src="${entry}"`)) throw new Error('index.html does not load /js/main.js');
  return page;
}
