/** The completeness kit itself: it sees a missing move, a refused listed move and a space too narrow to judge. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { table, type TableState } from '../../services/engine/core/index.js';
import { commandKey, commandSpace, findIncompleteness, subsets } from './completeness.js';
import { highCard } from './high-card.js';

function started(game = highCard): TableState {
  const t = table(game);
  let s = t.fold(t.decide(null, { type: 'create', game: game.id, seats: 2, options: {}, seed: 's', seedFixed: true }));
  for (const p of [0, 1]) s = t.fold(t.decide(s, { type: 'join', name: `p${p}`, tokenHash: 'h' }), s);
  return s;
}
const everything = () => ({});

describe('completeness kit', () => {
  it('builds the space from the schema: literals, booleans, enums and omitted optional fields', () => {
    expect(commandSpace(highCard.command, {}).map(commandKey)).toEqual(['{"swap":false,"type":"choose"}', '{"swap":true,"type":"choose"}', '{"type":"pass"}']);
  });

  it('finds nothing wrong with a complete list', () => {
    expect(findIncompleteness(highCard, started(), everything)).toEqual([]);
  });

  it('reports a move decide accepts that the list leaves out', () => {
    const partial = { ...highCard, legalCommands: (s: Parameters<typeof highCard.legalCommands>[0], seat: number) => highCard.legalCommands(s, seat).slice(0, 1) };
    expect(findIncompleteness(partial, started(partial), everything).map((p) => p.missing)).toEqual([['{"swap":true,"type":"choose"}'], ['{"swap":true,"type":"choose"}']]);
  });

  it('reports a listed move decide refuses, and a listed move outside the space', () => {
    const extra = { ...highCard, legalCommands: (s: Parameters<typeof highCard.legalCommands>[0], seat: number) => [...highCard.legalCommands(s, seat), { type: 'pass' as const }] };
    const [problem] = findIncompleteness(extra, started(extra), () => ({ 'choose.swap': [false] }));
    expect(problem!.refused).toEqual([expect.stringContaining('{"type":"pass"} (ILLEGAL_MOVE')]);
    expect(problem!.unjudged).toEqual(['{"swap":true,"type":"choose"}']);
  });

  it('refuses to build a space with a field it has no values for, and lists subsets in order', () => {
    const schema = z.discriminatedUnion('type', [z.object({ type: z.literal('pick'), card: z.number() })]);
    expect(() => commandSpace(schema, {})).toThrow('no values for pick.card');
    expect(commandSpace(schema, { card: [4, 5] })).toEqual([{ type: 'pick', card: 4 }, { type: 'pick', card: 5 }]);
    expect(subsets([1, 2, 3], 2)).toEqual([[1], [1, 2], [1, 3], [2], [2, 3], [3]]);
  });
});
