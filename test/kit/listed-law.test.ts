/**
 * The law of the move contract (issue #37): the table accepts a move if and only if it equals one
 * of the seat's legalMoves (key order aside). Random playthroughs of every game; at sampled
 * positions each listed move is decided, and so are mutants of them — positions reordered, an
 * enum's other value, a number one off, a field dropped, a field another kind carries added, two
 * listed moves of one kind sent as one — each of which must be refused unless it is listed. The
 * rules alone (test/kit/completeness.ts `rulesDecide`) take some of these spellings (SCOUT's
 * `right` end of a one-card set, Silver's positions in another order, a duo's cards swapped,
 * a Seledyne gift's cards in another order):
 * the test counts them, so it shows it reaches the cases it guards.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RuleViolation, table, type AnyGame, type TableState } from '../../services/engine/core/index.js';
import { isListed } from '../../services/engine/core/listed.js';
import { parseStrict } from '../../services/engine/core/strict.js';
import { games } from '../../services/engine/registry.js';
import { randomPlaythrough } from './playthrough.js';
import { rulesDecide } from './completeness.js';

type Move = Record<string, unknown>;

/** The values each `type.field` enum takes, from the game's move schema. */
function enumsOf(game: AnyGame): Map<string, unknown[]> {
  const schema = z.toJSONSchema(game.command, { io: 'input', unrepresentable: 'any' }) as { oneOf?: { properties: Record<string, { const?: string; enum?: unknown[] }> }[] };
  const out = new Map<string, unknown[]>();
  for (const member of schema.oneOf ?? []) {
    const type = member.properties.type?.const;
    for (const [field, s] of Object.entries(member.properties)) if (s.enum) out.set(`${type}.${field}`, s.enum);
  }
  return out;
}

/** Moves near the listed ones: other spellings, wrong values, listed steps joined. */
export function mutants(listed: readonly Move[], enums: Map<string, unknown[]>): Move[] {
  const out: Move[] = [];
  const fieldsOf = new Map<string, Move>();
  for (const m of listed) for (const [k, v] of Object.entries(m)) if (k !== 'type') fieldsOf.set(k, { [k]: v });
  for (const m of listed) {
    const set = (k: string, v: unknown) => out.push({ ...m, [k]: v });
    for (const [k, v] of Object.entries(m)) {
      if (k === 'type') continue;
      const { [k]: _dropped, ...without } = m;
      out.push(without);
      if (typeof v === 'boolean') set(k, !v);
      if (typeof v === 'number') for (const d of [-1, 1]) if (v + d >= 0) set(k, v + d);
      if (typeof v === 'string') for (const e of enums.get(`${m.type}.${k}`) ?? []) if (e !== v) set(k, e);
      if (Array.isArray(v) && v.length) {
        set(k, [...v].reverse());
        set(k, [...v.slice(1), v[0]]);
        set(k, v.slice(1));
        set(k, [...v, v[0]]);
        if (typeof v[0] === 'number') set(k, v.map((x) => (x as number) + 1));
      }
    }
    // A field of another kind: SCOUT's atomic Scout & Show names `from`/`to` as a show does.
    for (const [k, extra] of fieldsOf) if (!(k in m)) out.push({ ...m, ...extra });
  }
  // Two listed moves of one kind as one: their lists joined (Silver's whole exchange at once).
  const byType = new Map<unknown, Move[]>();
  for (const m of listed) byType.set(m.type, [...(byType.get(m.type) ?? []), m]);
  for (const same of byType.values()) {
    for (let i = 0; i + 1 < Math.min(same.length, 12); i++) {
      const [a, b] = [same[i]!, same[i + 1]!];
      const joined: Move = { ...a };
      for (const [k, v] of Object.entries(a)) if (Array.isArray(v) && Array.isArray(b[k])) joined[k] = [...v, ...(b[k] as unknown[])];
      out.push(joined);
    }
  }
  return out;
}

const roundTrip = <T>(x: T): T => JSON.parse(JSON.stringify(x));

function refusal(f: () => unknown): string | null {
  try {
    f();
    return null;
  } catch (e) {
    if (!(e instanceof RuleViolation)) throw e;
    return `${e.code}: ${e.message}`;
  }
}

describe('a move is accepted if and only if it is listed', () => {
  const runs = games.flatMap((game) => [game.seats.min, Math.min(game.seats.max, 4)].map((seats) => ({ game, seats })));
  const aliases = new Map<string, number>();

  it.each(runs.map((r) => [r.game.id, r.seats, r] as const))('%s, %i seats', (_id, _seats, { game, seats }) => {
    const t = table(game);
    const enums = enumsOf(game);
    let commands = 0;
    let tried = 0;
    const check = (state: TableState) => {
      if (state.ended || commands++ % 7 !== 0) return;
      for (const seat of t.status(state).toMove) {
        const listed = t.legalMoves(state, seat) as Move[];
        for (const m of listed.filter((_, i) => i % Math.ceil(listed.length / 40) === 0)) {
          // The table decides a move sent as listed without parsing it (issue 33): so every listed move must parse.
          const malformed = refusal(() => parseStrict(game.command, roundTrip(m), 'move'));
          if (malformed) expect.fail(`${game.id}: listed ${JSON.stringify(m)} is not a well-formed move: ${malformed}`);
          const why = refusal(() => t.decide(state, { type: 'move', seat, move: roundTrip(m) }));
          if (why) expect.fail(`${game.id}: listed ${JSON.stringify(m)} refused: ${why}`);
        }
        const seen = new Set<string>();
        for (const m of mutants(listed, enums)) {
          const key = JSON.stringify(m);
          if (seen.has(key) || isListed(listed, m)) continue;
          seen.add(key);
          tried++;
          const why = refusal(() => t.decide(state, { type: 'move', seat, move: roundTrip(m) }));
          if (why === null) expect.fail(`${game.id}: unlisted ${key} accepted (listed: ${JSON.stringify(listed.filter((l) => l.type === m.type).slice(0, 8))})`);
          // Taken by the rules, refused as unlisted: the refusal names the spelling to send.
          if (refusal(() => rulesDecide(t, state, seat, roundTrip(m))) === null) {
            expect(why).toMatch(/^ILLEGAL_MOVE: not as legalMoves spells it/);
            aliases.set(game.id, (aliases.get(game.id) ?? 0) + 1);
          }
        }
      }
    };
    randomPlaythrough(game, { seats, seed: `listed-law-${game.id}-${seats}`, check, deepEvery: 10_000 });
    expect(tried).toBeGreaterThan(100);
  });

  it('reached the spellings the rules take beside the listed ones', () => {
    // SCOUT (one-card set from the right, atomic Scout & Show), Silver (peek/exchange order,
    // exchange at once), Sea Salt & Paper (a duo's cards swapped), Seledyne (a gift's cards in another order).
    for (const id of ['scout', 'silver', 'sea-salt-and-paper', 'seledyne']) expect(aliases.get(id) ?? 0, id).toBeGreaterThan(0);
  });
});
