/**
 * The environment sees the engine through its public contract only (core/index.ts and the
 * registry) and the bots through services/bots, so a game's internals can change under it; and
 * its refusals carry stable codes.
 */
import { describe, expect, it } from 'vitest';
import { importGraph } from '../kit/imports.js';
import { EnvSpec, EnvState, Session, envGames } from '../../services/env/index.js';

describe('the research environment', () => {
  it('imports the engine only through core/index and the registry', () => {
    const graph = importGraph('services');
    const reached = [...graph].filter(([m]) => m.startsWith('services/env/')).flatMap(([, deps]) => deps.filter((d) => d.startsWith('services/engine/')));
    expect([...new Set(reached)].sort()).toEqual(['services/engine/core/index', 'services/engine/registry']);
  });

  it('names every token of every game once, and no token past the vocabulary', () => {
    for (const game of envGames()) {
      const spec = EnvSpec.of(game, 2);
      const names = Array.from({ length: spec.size }, (_, t) => spec.space.tokenName(t, spec.setup));
      expect(new Set(names).size, game).toBe(spec.size);
      expect(() => spec.space.tokenName(spec.size, spec.setup)).toThrow(RangeError);
      expect(spec.layout.reduce((n, l) => (expect(l.offset, `${game} ${l.name}`).toBe(n), n + l.size), 0)).toBe(spec.obsSize);
    }
  });

  it('refuses bad setups and tokens with stable codes', () => {
    expect(() => EnvSpec.of('chess', 2)).toThrow(expect.objectContaining({ code: 'ENV_UNKNOWN_GAME' }));
    expect(() => EnvSpec.of('scout', 6)).toThrow(expect.objectContaining({ code: 'ENV_BAD_SEATS' }));
    expect(() => EnvSpec.of('scout', 2, { roundActionLimit: -1 })).toThrow(expect.objectContaining({ code: 'ENV_BAD_OPTIONS' }));
    const s = EnvState.create({ game: 'scout', seats: 2, seed: 1 });
    expect(() => s.applyAction(s.numDistinctActions())).toThrow(expect.objectContaining({ code: 'ENV_ILLEGAL_ACTION' }));
    expect(() => s.applyAction(2)).toThrow(expect.objectContaining({ code: 'ENV_ILLEGAL_ACTION' }));
    expect(s.legalActions().map((a) => s.actionToString(a))).toEqual(['rotate:false', 'rotate:true']);
    expect(s.moveToActions({ type: 'rotate', rotate: true })).toEqual([1]);
    expect(() => s.observationTensor(2)).toThrow(expect.objectContaining({ code: 'ENV_BAD_SEAT' }));
  });

  it('speaks the protocol: a game against greedy bots comes back to the learner each step', () => {
    const session = new Session();
    let r = session.handle({ op: 'new', game: 'scout', seats: 2, seed: 3, opponents: 'greedy', seat: 1, id: 9 }) as { id: number; env: number; player: number; legal: number[]; done?: true; returns?: number[] };
    expect(r.id).toBe(9);
    const env = r.env;
    let steps = 0;
    while (!r.done) {
      expect(r.player).toBe(1);
      r = session.handle({ op: 'step', env, action: r.legal[0] }) as typeof r;
      steps++;
    }
    expect(steps).toBeGreaterThan(3);
    expect(r.returns!.reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    expect(() => session.handle({ op: 'step', env: 999, action: 0 })).toThrow(expect.objectContaining({ code: 'ENV_NO_SUCH_ENV' }));
    expect(() => session.handle({ op: 'vstep', envs: [env], actions: [] })).toThrow(expect.objectContaining({ code: 'ENV_BAD_REQUEST' }));
  });
});
