/**
 * §6 views and the catalog: what each seat sees, the GraphQL SDL of the view, the options.
 * Sections (§) and option ids (A0–A30) cite docs/rules/seledyne.md.
 */
import { readFileSync } from 'node:fs';
import { parse, type FieldDefinitionNode, type ObjectTypeDefinitionNode, type TypeNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seledyne } from '../../../services/engine/games/seledyne/index.js';
import { options } from '../../../services/engine/games/seledyne/options.js';
import { fastRng, pick, seatedTable, table } from '../../../services/engine/core/index.js';
import { HOUSES } from '../../../services/engine/games/seledyne/cards.js';
import type { State } from '../../../services/engine/games/seledyne/state.js';
import { given, givenAfter, tableGame, TRIBUTE_EXAMPLE, type Arrangement } from './helpers.js';

/** A viewer's player entries as the state shows them, made afresh (view.ts keeps and shares its own). */
const shown = (s: State, viewer: number | null) =>
    s.players.map((p, seat) => {
      const own = seat === viewer;
      const choosing = s.phase === 'draw' || s.phase === 'six';
      const pending = choosing ? s.pending[seat]! : null;
      const house = HOUSES.find((h) => h.id === p.house)!;
      return {
        seat,
        house: p.house,
        houseName: { en: house.en, fa: house.fa },
        handCount: p.hand.length,
        reserveCount: p.reserve.length,
        hand: own ? p.hand : null,
        reserve: own ? p.reserve : null,
        counter: p.counter,
        die: p.die,
        total: p.total,
        stageScores: p.stageScores,
        unplayed: own || s.options.exposeDerivedUnplayed ? [...p.hand, ...p.reserve].map((x) => x.value).sort((a, b) => a - b) : null,
        knownInHand: p.knownInHand ?? [],
        mustChoose: choosing && s.eligible[seat]! && pending === null,
        hasChosen: pending !== null,
        choice: own && pending ? pending : null,
      };
    });

/** Checks `value` against a GraphQL type of the SDL: every field present, nullable only where declared (throws on a mismatch). */
function conforms(types: Map<string, ObjectTypeDefinitionNode>, type: TypeNode, value: unknown, path: string): void {
  const fail = (what: string) => {
    throw new Error(`${path}: ${what} (${JSON.stringify(value)?.slice(0, 80)})`);
  };
  if (type.kind === 'NonNullType') {
    if (value === null) fail('null where the SDL says non-null');
    return conforms(types, type.type, value, path);
  }
  if (value === null) return;
  if (value === undefined) fail('undefined');
  if (type.kind === 'ListType') {
    if (!Array.isArray(value)) fail('not a list');
    (value as unknown[]).forEach((v, i) => conforms(types, type.type, v, `${path}[${i}]`));
    return;
  }
  const name = type.name.value;
  const scalar: Record<string, (v: unknown) => boolean> = {
    Int: (v) => Number.isInteger(v),
    String: (v) => typeof v === 'string',
    Boolean: (v) => typeof v === 'boolean',
  };
  if (scalar[name]) {
    if (!scalar[name]!(value)) fail(`not ${name}`);
    return;
  }
  const def = types.get(name);
  if (!def) return fail(`no type ${name}`);
  const fields = new Map((def.fields ?? []).map((f: FieldDefinitionNode) => [f.name.value, f]));
  const keys = Object.keys(value as object).sort().join();
  if (keys !== [...fields.keys()].sort().join()) fail(`fields ${keys} are not those of ${name}`);
  for (const [field, f] of fields) conforms(types, f.type, (value as Record<string, unknown>)[field], `${path}.${field}`);
}

const sdl = () => {
  const doc = parse(seledyne.viewSchema);
  const types = new Map(doc.definitions.filter((d): d is ObjectTypeDefinitionNode => d.kind === 'ObjectTypeDefinition').map((d) => [d.name.value, d]));
  return types;
};

const pos = TRIBUTE_EXAMPLE;

describe('§6 views', () => {
  it('the GraphQL SDL describes exactly the view object, every type prefixed Seledyne', () => {
    const types = sdl();
    expect([...types.keys()].every((n) => n.startsWith('Seledyne'))).toBe(true);
    expect(types.has(seledyne.viewType)).toBe(true);
    const root = { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: seledyne.viewType } } } as TypeNode;
    const g = tableGame(4, { maxRoundsPerStage: 4 }, 'views');
    let n = 0;
    g.run(() => {
      if (n++ % 7 === 0) for (const viewer of [0, 1, 2, 3, null]) conforms(types, root, g.t.view(g.state, viewer), 'view');
      return false;
    });
    for (const viewer of [0, null]) conforms(types, root, g.t.view(g.state, viewer), 'view');
    const mid = givenAfter(pos, {}, [[3, { type: 'tribute', card: 'SAL-02' }]]).state;
    conforms(types, root, seledyne.view(mid, 3), 'view');
    const v = seledyne.view(mid, 3);
    expect(() => conforms(types, root, { ...v, extra: 1 }, 'view')).toThrow('fields');
    expect(() => conforms(types, root, { ...v, stage: null }, 'view')).toThrow('non-null');
  });

  it('one vocabulary across games: the viewer is `seat` (null for a spectator), the seats to act are `toMove`', () => {
    const s = given(pos).state;
    expect(seledyne.view(s, 2)).toMatchObject({ seat: 2, toMove: [3] });
    expect(seledyne.view(s, null)).toMatchObject({ seat: null, toMove: [3] });
    const six = given({ hands: [['NAB-01'], ['SAL-01'], ['YAR-01']], dice: [6, 2, 6], sixWindow: true }).state;
    expect(seledyne.view(six, 1).toMove).toEqual([0, 2]);
  });

  it('§6.1 hand and reserve: all cards for the owner, counts for the others and for spectators', () => {
    const s = given(pos).state;
    const own = seledyne.view(s, 3) as ReturnType<typeof seledyne.view>;
    expect(own.players[3]).toMatchObject({ handCount: 5, reserveCount: 5, hand: s.players[3]!.hand, reserve: s.players[3]!.reserve });
    expect(own.players[0]).toMatchObject({ handCount: 1, hand: null, reserve: null });
    const spectator = seledyne.view(s, null) as ReturnType<typeof seledyne.view>;
    expect(spectator.players.every((p: { hand: unknown; reserve: unknown }) => p.hand === null && p.reserve === null)).toBe(true);
  });

  it('A25 counterVisibility and isthamVisibility PUBLIC: counters and Isthām (owner and tributer) are face up for everyone', () => {
    const s = givenAfter(pos, {}, [
      [3, { type: 'tribute', card: 'YAR-06' }],
      [3, { type: 'confirmTribute', boost: false }],
    ]).state;
    const spectator = seledyne.view(s, null);
    expect(spectator.players[3]!.counter.map((x) => x.id)).toEqual(['SAL-02']);
    expect(spectator.istham).toEqual([{ card: expect.objectContaining({ id: 'YAR-06' }), owner: 2, tributedBy: 3, stage: 1, round: 2 }]);
    expect(spectator.players.map((p) => p.die)).toEqual([6, 1, 4, 5]);
  });

  it('A26 exposeDerivedUnplayed: every seat sees the values each house has not yet given away; false hides others', () => {
    const s = given(pos).state;
    expect(seledyne.view(s, 0).players[3]!.unplayed).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const hidden = given(pos, { exposeDerivedUnplayed: false }).state;
    expect(seledyne.view(hidden, 0).players[3]!.unplayed).toBeNull();
    expect(seledyne.view(hidden, 3).players[3]!.unplayed).toHaveLength(10);
  });

  it('views reuse Isthām entries and unplayed values only while their own lists are the same (games read in turn, as a search reads its worlds)', () => {
    // view.ts keeps the last Isthām list and each seat's last hand and reserve: two states sharing
    // those lists but seating other houses, or holding other cards, must still be shown as they are
    const s = givenAfter(pos, {}, [
      [3, { type: 'tribute', card: 'YAR-06' }],
      [3, { type: 'confirmTribute', boost: false }],
    ]).state;
    const reseated = { ...s, players: s.players.map((p, i) => ({ ...p, house: s.players[(i + 1) % 4]!.house })) };
    const fewer = { ...s, players: s.players.map((p, i) => (i === 3 ? { ...p, hand: p.hand.slice(1) } : p)) };
    for (let round = 0; round < 2; round++) {
      expect(seledyne.view(s, null).istham[0]!.owner).toBe(2);
      expect(seledyne.view(reseated, null).istham[0]!.owner).toBe(1);
      expect(seledyne.view(s, 0).players[3]!.unplayed).toEqual([...s.players[3]!.hand, ...s.players[3]!.reserve].map((x) => x.value).sort((a, b) => a - b));
      expect(seledyne.view(fewer, 0).players[3]!.unplayed).toEqual([...fewer.players[3]!.hand, ...fewer.players[3]!.reserve].map((x) => x.value).sort((a, b) => a - b));
    }
  });

  it("views reuse a seat's entry only while its player object is the same, as the seat itself or as the others see it (games read in turn, every viewer)", () => {
    // view.ts keeps each seat's last entries (as its own seat sees it, as others do): on every state
    // of two games read in turn, every viewer's entries must be what the state shows that viewer
    const rng = fastRng(3);
    for (const options of [{ stages: 1 }, { stages: 1, exposeDerivedUnplayed: false }]) {
      const t = table(seledyne);
      const games = [0, 1].map((g) => seatedTable(t, { seats: 3 + g, options, seed: `view-entries-${g}` }));
      let states = 0;
      for (let moves = 0; moves < 600 && games.some((g) => !g.ended); moves++) {
        const g = moves % 2;
        const s = games[g]!;
        if (s.ended) continue;
        const seat = pick(t.status(s).toMove, rng);
        games[g] = t.fold(t.decide(s, { type: 'move', seat, move: pick(t.legalMoves(s, seat), rng) }), s);
        const play = games[g]!.play as State;
        for (const viewer of [null, ...play.players.keys()]) expect(seledyne.view(play, viewer).players, `viewer ${viewer} after move ${moves}`).toEqual(shown(play, viewer));
        // the same players under the other A26 reading
        const flipped = { ...play, options: { ...play.options, exposeDerivedUnplayed: !play.options.exposeDerivedUnplayed } };
        expect(seledyne.view(flipped, 0).players, `A26 flipped after move ${moves}`).toEqual(shown(flipped, 0));
        states++;
      }
      expect(states).toBeGreaterThan(150);
    }
  });

  it('views reuse kept entries and lists only while they fit, through the round draw and Six Rule choices (one game read alone, so kept entries live from move to move)', () => {
    // the test above reads two games in turn (each read replaces the other's kept entries); here one
    // game at a time, every viewer after every move, so an entry kept from an earlier state is given again
    const rng = fastRng(5);
    let choices = 0;
    for (const [g, options] of [{ stages: 1 }, { stages: 1, roundDrawMandatory: false, sixRuleDecisionMode: 'TURN_ORDER' }, { stages: 1, exposeDerivedUnplayed: false }].entries()) {
      const t = table(seledyne);
      let s = seatedTable(t, { seats: 3 + g, options, seed: `view-alone-${g}` });
      for (let moves = 0; moves < 400 && !s.ended; moves++) {
        const seat = pick(t.status(s).toMove, rng);
        s = t.fold(t.decide(s, { type: 'move', seat, move: pick(t.legalMoves(s, seat), rng) }), s);
        const play = s.play as State;
        if (play.phase === 'draw' || play.phase === 'six') choices++;
        for (const viewer of [null, ...play.players.keys()]) expect(seledyne.view(play, viewer).players, `game ${g} viewer ${viewer} after move ${moves}`).toEqual(shown(play, viewer));
      }
    }
    expect(choices).toBeGreaterThan(20);
    // the same player objects with another choice made (a state no game reaches: the entries must follow the state all the same)
    const t = table(seledyne);
    let s = seatedTable(t, { seats: 3, options: { stages: 1 }, seed: 'view-alone-choice' });
    while ((s.play as State).phase !== 'draw' || (s.play as State).pending[0] !== null) {
      const seat = pick(t.status(s).toMove, rng);
      s = t.fold(t.decide(s, { type: 'move', seat, move: pick(t.legalMoves(s, seat), rng) }), s);
    }
    const play = s.play as State;
    for (const card of play.players[0]!.reserve) {
      const chose = { ...play, pending: play.pending.map((c, i) => (i === 0 ? { draw: true, card } : c)) };
      for (const viewer of [0, 1]) expect(seledyne.view(chose, viewer).players, `viewer ${viewer}, ${card.id} chosen`).toEqual(shown(chose, viewer));
    }
  });

  it('§6.1 the Sum Rule state of a turn is shown to the acting seat only (it can depend on a hidden hand card)', () => {
    const s = given(pos).state;
    expect(seledyne.view(s, 3).turn!.sumActive).toBe(false);
    expect(seledyne.view(s, 0).turn!.sumActive).toBeNull();
  });

  it('§6.2 a pending simultaneous choice is shown to its owner only; the others see that it was made', () => {
    const six: Arrangement = { hands: [['NAB-01'], ['SAL-01'], ['YAR-01']], dice: [6, 2, 6], sixWindow: true };
    const s = givenAfter(six, {}, [[0, { type: 'sixRule', use: true, card: 'NAB-09' }]]).state;
    expect(seledyne.view(s, 0).players[0]).toMatchObject({ hasChosen: true, mustChoose: false, choice: { draw: true, card: expect.objectContaining({ id: 'NAB-09' }) } });
    expect(seledyne.view(s, 2).players[0]).toMatchObject({ hasChosen: true, choice: null });
    expect(seledyne.view(s, 2).players[2]).toMatchObject({ hasChosen: false, mustChoose: true });
  });
});

describe('catalog options (§7.2)', () => {
  const shape = options.shape as Record<string, z.ZodType>;

  it('every option has a default and a description', () => {
    const defaults = options.parse({});
    for (const [name, field] of Object.entries(shape)) {
      expect(field.description, name).toBeTruthy();
      expect((defaults as Record<string, unknown>)[name], name).not.toBeUndefined();
    }
  });

  it('every assumption A0–A30 is named by an option description', () => {
    const text = Object.values(shape).map((f) => f.description).join(' ');
    const missing = Array.from({ length: 31 }, (_, i) => `A${i}`).filter((id) => !new RegExp(`\\b${id}\\b`).test(text));
    expect(missing).toEqual([]);
  });

  it('docs/rules/seledyne.md explains every option and anchors every id the descriptions cite', () => {
    const doc = readFileSync(new URL('../../../docs/rules/seledyne.md', import.meta.url), 'utf8');
    expect(Object.keys(shape).filter((name) => !doc.includes(`\`${name}\``))).toEqual([]);
    const cited = new Set(Object.values(shape).flatMap((f) => f.description!.match(/\bA\d+\b/g) ?? []));
    expect([...cited].filter((id) => !doc.includes(`<a id="${id.toLowerCase()}"></a>${id}`))).toEqual([]);
    expect(Object.values(shape).every((f) => f.description!.includes('docs/rules/seledyne.md'))).toBe(true);
  });

  it('the defaults are the readings of docs/rules/seledyne.md (§7.2)', () => {
    expect(options.parse({})).toMatchObject({
      mode: 'NORMAL',
      playerCount: { min: 2, max: 6 },
      stages: 3,
      dieFaces: 6,
      cardValues: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      exchangeCardValue: 4,
      sumCardValue: 5,
      initialHandSize: 5,
      firstStartPlayer: 'DESIGNATED',
      ownerSeesReserve: true,
      exchangeReserveCard: 'CHOICE',
      roundDrawMandatory: true,
      sixRuleDecisionMode: 'SIMULTANEOUS',
      sixRuleRequiresReserveCard: true,
      tributeBoostMode: 'OPTIONAL',
      sixMultipleMode: 'EXACT',
      sixMultipleDrawsOptional: true,
      sumRuleCheckTiming: 'GIFT_STEP_START',
      exchangeLimit: 'ONCE_PER_TURN',
      exchangeWithoutGiftAllowed: true,
      emptyHandMayTribute: true,
      lastRoundTermination: 'N_CONSECUTIVE_NON_GIFT',
      positiveScoring: 'CARD_OWNER',
      scoreFloorMode: 'PERSISTENT_CLAMP',
      startMarkerAfterStage: 'HIGHEST_TOTAL',
      winnerTieBreak: 'SHARED',
      deadlockDetection: true,
      maxRoundsPerStage: 100,
      exposeDerivedUnplayed: true,
    });
  });
});
