/**
 * The house's arrows: every layer imports only the layers below it, and no module reaches itself
 * through its imports. The engine knows no one; the store knows the engine; the app knows both;
 * the api reaches storage only through the app.
 */
import { describe, expect, it } from 'vitest';
import { cycles, importGraph } from '../kit/imports.js';

const server = importGraph('services');
const page = importGraph('services/web/public/js');

/** Each layer and the folders of services/ it may import (besides its own). */
const BELOW: Record<string, string[]> = {
  engine: [],
  store: ['engine'],
  app: ['engine', 'store'],
};

/** The imports of `from` (a folder of services/) that leave its own folder for one it may not reach. */
function upward(graph: Map<string, string[]>, from: string, allowed: (folder: string) => boolean): string[] {
  const folder = (module: string) => module.split('/')[1]!;
  return [...graph]
    .filter(([module]) => folder(module) === from)
    .flatMap(([module, deps]) => deps.filter((d) => folder(d) !== from && !allowed(folder(d))).map((d) => `${module} → ${d}`));
}

describe('the house', () => {
  it('finds a cycle and an upward import when there is one', () => {
    const graph = new Map([
      ['services/app/a', ['services/app/b']],
      ['services/app/b', ['services/app/a', 'services/api/x']],
      ['services/api/x', []],
    ]);
    expect(cycles(graph)).toEqual([['services/app/a', 'services/app/b']]);
    expect(upward(graph, 'app', (f) => BELOW.app!.includes(f))).toEqual(['services/app/b → services/api/x']);
  });

  it('no module of the server or the page imports itself through others', () => {
    expect(cycles(server)).toEqual([]);
    expect(cycles(page)).toEqual([]);
    expect(server.size).toBeGreaterThan(200);
    expect(page.size).toBeGreaterThan(30);
  });

  for (const [layer, below] of Object.entries(BELOW)) {
    it(`${layer} imports only ${below.length ? below.join(' and ') : 'itself'}`, () => {
      expect(upward(server, layer, (f) => below.includes(f))).toEqual([]);
    });
  }

  it('the api reaches storage only through the app', () => {
    expect(upward(server, 'api', (f) => f !== 'store')).toEqual([]);
  });
});
