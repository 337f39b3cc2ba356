/**
 * The bundles' edit of find-my-way (infra/bundle.ts, ROUTER_EDITS: closures instead of
 * `new Function` at route registration, for the http function's cold start) must route exactly as
 * find-my-way does: the edited router, bundled with the same plugin, against the package itself,
 * on static prefixes that share and split nodes and on routes of one to six parameters.
 */
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ROOT, routerWithoutNewFunction } from '../../infra/bundle.js';

type Router = { on(method: string, path: string, handler: () => unknown): void; find(method: string, path: string): { handler: () => unknown; params: Record<string, string> } | null };
type Make = () => Router;

async function editedRouter(): Promise<{ make: Make; code: string }> {
  const out = await build({ stdin: { contents: "module.exports = require('find-my-way')", resolveDir: ROOT }, bundle: true, platform: 'node', format: 'cjs', write: false, plugins: [routerWithoutNewFunction], logLevel: 'silent' });
  const code = out.outputFiles[0]!.text;
  const module = { exports: {} as unknown };
  new Function('module', 'exports', 'require', code)(module, module.exports, createRequire(import.meta.url));
  return { make: module.exports as Make, code };
}

const ROUTES = ['/', '/graphql', '/health', '/v1', '/v1/games', '/v1/games/:id', '/v1/games/:id/moves', '/v1/games/:id/join', '/v1/gamesets', '/v1/game-types', '/js/app.js', '/js/api.js', '/js/a.js', '/css/app.css', '/rules/scout.md', '/rules/silver.md', '/a/:b/c/:d', '/p/:a/:b/:c/:d/:e/:f', '/q/:a-:b', '/files/*'];
const PATHS = ['/', '/graphql', '/graphq', '/graphqlx', '/health', '/v1', '/v1/', '/v1/games', '/v1/games/abc', '/v1/games/abc/moves', '/v1/games/abc/join', '/v1/gamesets', '/v1/game-types', '/v1/game-typesx', '/js/app.js', '/js/api.js', '/js/a.js', '/js/ap.js', '/css/app.css', '/rules/scout.md', '/rules/silver.md', '/rules/seledyne.md', '/a/1/c/2', '/a/1/x/2', '/p/1/2/3/4/5/6', '/p/1/2/3/4/5', '/q/x-y', '/files/deep/er.txt', '/nope'];

describe("the bundles' find-my-way edit", () => {
  it('applies (the compiled builders are gone) and routes as find-my-way does', async () => {
    const { make, code } = await editedRouter();
    expect(code).not.toContain("new Function('path', 'i'");
    expect(code).not.toContain("new Function('NullObject'");
    const original = createRequire(import.meta.url)('find-my-way') as Make;
    const [a, b] = [make(), original()];
    for (const r of ROUTES) for (const router of [a, b]) router.on('GET', r, () => r);
    for (const path of PATHS) {
      const [x, y] = [a.find('GET', path), b.find('GET', path)];
      expect(x && { route: x.handler(), params: { ...x.params } }, path).toEqual(y && { route: y.handler(), params: { ...y.params } });
    }
    expect(a.find('GET', '/p/1/2/3/4/5/6')!.params).toEqual({ a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' });
  });
});
