/**
 * In the Lambda bundles the game registry is a set of loaders (infra/bundle.ts, lazyRegistry):
 * each game is a file of its own that a cold start does not read, and a createGame of SCOUT
 * reads and evaluates SCOUT alone. The registry, bundled with the same plugin, must carry no
 * game's code, list the same games with the same fields, evaluate none at import, and each only
 * when a field that is not plain data is first read.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { GAME_DIR, lazyRegistryPlugin, ROOT } from '../../infra/bundle.js';
import { games as eager } from '../../services/engine/registry.js';
import type { AnyGame } from '../../services/engine/core/index.js';

declare global {
  // eslint-disable-next-line no-var
  var __parlorEvaluated: string[] | undefined;
}

// Each game's index module notes its evaluation, so the test sees which ones ran.
const noteEvaluation: Plugin = {
  name: 'note-evaluation',
  setup(b) {
    b.onLoad({ filter: /services[\\/]engine[\\/]games[\\/][\w-]+[\\/]index\.ts$/ }, (args) => ({
      contents: `${readFileSync(args.path, 'utf8')}\n;(globalThis.__parlorEvaluated ??= []).push(${JSON.stringify(basename(dirname(args.path)))});\n`,
      loader: 'ts',
      resolveDir: dirname(args.path),
    }));
  },
};

const dir = mkdtempSync(join(tmpdir(), 'parlor-lazy-registry-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The registry bundled once with its game files (the checks below hold for the build, not for a copy of it). */
let built: Promise<string> | undefined;
const buildRegistry = () =>
  (built ??= (async () => {
    const out = await build({
      stdin: { contents: "export { games, findGame } from './services/engine/registry.js';", resolveDir: ROOT, loader: 'ts' },
      bundle: true, platform: 'node', format: 'esm', write: false, logLevel: 'silent',
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      plugins: [lazyRegistryPlugin({ outdir: dir, minify: false, plugins: [noteEvaluation] }), noteEvaluation],
    });
    const text = out.outputFiles[0]!.text;
    // No game's modules are in what a cold start reads: each is in dir/games/<id>.cjs.
    expect(text).not.toContain('__parlorEvaluated');
    // Each game file takes zod and the engine's core from the bundle (one copy of each), carrying neither.
    for (const game of eager) {
      const code = readFileSync(join(dir, GAME_DIR, `${game.id}.cjs`), 'utf8');
      expect(code, game.id).toContain('require("parlor-shared:zod")');
      expect(code, game.id).toContain('require("parlor-shared:./core/index.js")');
      expect(code, game.id).not.toContain('$ZodType');
    }
    // A game's module that code outside the game imports too (the greedy bot's card table) is the bundle's, not a second copy.
    expect(readFileSync(join(dir, GAME_DIR, 'silver.cjs'), 'utf8')).toContain('require("parlor-shared:./games/silver/cards.js")');
    return text;
  })());

let copies = 0;
/**
 * The registry as the bundles have it, a fresh module each call: the one build, written with its
 * game files into a folder of its own (node loads a game file once per path), then imported.
 */
async function lazyRegistry(): Promise<{ games: readonly AnyGame[]; findGame(id: string): AnyGame | undefined }> {
  const text = await buildRegistry();
  const copy = join(dir, `copy-${copies++}`);
  cpSync(join(dir, GAME_DIR), join(copy, GAME_DIR), { recursive: true });
  const file = join(copy, 'registry.mjs');
  writeFileSync(file, text);
  return import(pathToFileURL(file).href);
}

describe("the bundles' game registry", () => {
  it('evaluates no game at import, and only the game whose logic is first read', async () => {
    globalThis.__parlorEvaluated = [];
    const { games, findGame } = await lazyRegistry();
    // The catalog's plain data is there without evaluating anything.
    expect(games.map((g) => [g.id, g.names, g.seats, g.viewType])).toEqual(eager.map((g) => [g.id, g.names, g.seats, g.viewType]));
    expect(findGame('scout')?.id).toBe('scout');
    expect(globalThis.__parlorEvaluated).toEqual([]);
    // A createGame of SCOUT reads its options and setup: SCOUT is evaluated, and no other game.
    const scout = findGame('scout')!;
    expect(scout.options.parse({})).toEqual(eager.find((g) => g.id === 'scout')!.options.parse({}));
    expect(globalThis.__parlorEvaluated).toEqual(['scout']);
    expect(typeof scout.decide).toBe('function');
    expect(globalThis.__parlorEvaluated).toEqual(['scout']);
  });

  it('gives every game the same fields as the registry, each the game’s own once loaded', async () => {
    globalThis.__parlorEvaluated = [];
    const { games } = await lazyRegistry();
    for (const [i, game] of games.entries()) {
      const real = eager[i]!;
      expect(Object.keys(game).sort(), game.id).toEqual(Object.keys(real).sort());
      for (const k of Object.keys(real) as (keyof AnyGame)[]) expect(typeof game[k], `${game.id}.${k}`).toBe(typeof real[k]);
      expect(game.options.parse({}), game.id).toEqual(real.options.parse({}));
      expect(game.viewSchema, game.id).toBe(real.viewSchema);
    }
    expect(new Set(globalThis.__parlorEvaluated)).toEqual(new Set(eager.map((g) => g.id)));
  });
});
