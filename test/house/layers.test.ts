/**
 * The house's arrows, written as data: every folder of services/ says which folders it may import,
 * and nothing else is allowed. The engine knows no one; the store knows the engine; the app knows
 * both; each concern stands on the app and the concerns below it; the api reaches storage only
 * through the app; the composition roots (local, handlers, main) may reach anything. A new folder
 * must be given its place here before it can be imported.
 */
import { describe, expect, it } from 'vitest';
import { cycles, importGraph } from '../kit/imports.js';

const server = importGraph('services');
const page = importGraph('services/web/public/js');

/** Each folder (or top-level file) of services/ and the ones it may import besides itself, lowest first. */
const MAY_IMPORT: Record<string, string[]> = {
  engine: [],
  web: [],
  store: ['engine'],
  app: ['engine', 'store'],
  bots: ['engine', 'app'],
  lifecycle: ['engine', 'app', 'bots'],
  players: ['engine', 'store', 'app', 'lifecycle'],
  clocks: ['engine', 'store', 'app', 'bots', 'lifecycle'],
  accounts: ['engine', 'store', 'app', 'players'],
  notifications: ['engine', 'store', 'app', 'clocks', 'players'],
  messages: ['engine', 'app', 'notifications'],
  vacation: ['store', 'app', 'clocks', 'players'],
  analytics: ['engine', 'store', 'app', 'bots'],
  env: ['engine', 'bots'],
  ratings: ['engine', 'store', 'app', 'bots', 'analytics'],
  tournaments: ['engine', 'store', 'app', 'bots', 'analytics'],
  matchmaking: ['engine', 'store', 'app'],
  'legacy-keys': ['store', 'notifications'],
  'play-by-turn': ['store', 'app', 'bots', 'lifecycle', 'players', 'clocks', 'accounts', 'notifications', 'messages', 'vacation', 'ratings', 'tournaments', 'matchmaking'],
  api: ['engine', 'web', 'app', 'bots', 'lifecycle', 'players', 'clocks', 'accounts', 'notifications', 'messages', 'analytics', 'ratings', 'tournaments', 'matchmaking', 'play-by-turn'],
  // The list of concerns as modules: each gathers its parts from the concern and the api; the roots build from the list.
  modules: ['engine', 'store', 'app', 'bots', 'lifecycle', 'players', 'clocks', 'accounts', 'notifications', 'messages', 'vacation', 'analytics', 'ratings', 'tournaments', 'matchmaking', 'play-by-turn', 'api'],
};
/** The composition roots: they build the whole server, so they may import every folder. */
const ROOTS = ['local', 'handlers', 'main'];

/** The folder (or top-level file, without .ts) of services/ a module belongs to. */
const folderOf = (module: string) => module.split('/')[1]!.replace(/\.ts$/, '');

/** Every import that leaves its module's folder for one the table does not allow. */
function forbidden(graph: Map<string, string[]>, table: Record<string, string[]>): string[] {
  return [...graph].flatMap(([module, deps]) => {
    const from = folderOf(module);
    if (ROOTS.includes(from)) return [];
    const allowed = table[from] ?? [];
    return deps.filter((d) => folderOf(d) !== from && !allowed.includes(folderOf(d))).map((d) => `${module} → ${d}`);
  });
}

describe('the house', () => {
  it('finds a cycle and a forbidden import when there is one', () => {
    const graph = new Map([
      ['services/app/a', ['services/app/b']],
      ['services/app/b', ['services/app/a', 'services/api/x']],
      ['services/api/x', []],
    ]);
    expect(cycles(graph)).toEqual([['services/app/a', 'services/app/b']]);
    expect(forbidden(graph, MAY_IMPORT)).toEqual(['services/app/b → services/api/x']);
  });

  it('no module of the server or the page imports itself through others', () => {
    expect(cycles(server)).toEqual([]);
    expect(cycles(page)).toEqual([]);
    expect(server.size).toBeGreaterThan(200);
    expect(page.size).toBeGreaterThan(30);
  });

  it('every folder of services/ has its place in the table', () => {
    const folders = new Set([...server.keys()].map(folderOf));
    expect([...folders].filter((f) => !(f in MAY_IMPORT) && !ROOTS.includes(f))).toEqual([]);
  });

  it('the table itself has no cycle: folders form layers', () => {
    const graph = new Map(Object.entries(MAY_IMPORT));
    expect(cycles(graph)).toEqual([]);
  });

  for (const [folder, below] of Object.entries(MAY_IMPORT)) {
    it(`${folder} imports only ${below.length ? below.join(', ') : 'itself'}`, () => {
      expect(forbidden(new Map([...server].filter(([m]) => folderOf(m) === folder)), MAY_IMPORT)).toEqual([]);
    });
  }

  it('the api reaches storage only through the app', () => {
    expect(MAY_IMPORT.api).not.toContain('store');
  });
});
