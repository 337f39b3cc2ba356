/** The catalog, the options and a test for each ASSUMPTION option's other reading. */
import { readFileSync } from 'node:fs';
import { buildSchema, GraphQLList, GraphQLNonNull, GraphQLObjectType, type GraphQLOutputType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { fastRng, RuleViolation, table, type TableState } from '../../../services/engine/core/index.js';
import type { Event } from '../../../services/engine/games/silver/events.js';
import { cards, silver } from '../../../services/engine/games/silver/index.js';
import { gameWinners, nextToken } from '../../../services/engine/games/silver/scoring.js';
import { initialState, type State } from '../../../services/engine/games/silver/state.js';
import { randomPlaythrough } from '../../kit/playthrough.js';
import { applyScoring, cardsConserved, discard, draw, power, round, tgt, typeBot, withEvents, type Flow, type Setup } from './helpers.js';

const A = { edition: 'amulet' };
const C = { edition: 'coin' };
/** The Dagger deck (the default before the base deck became it): its Zombie, Approximator, Reverser. */
const D = { edition: 'dagger' };

describe('catalog', () => {
  it('lists every card with its power text, or powerKnown: false; attached to the game as `catalog`', () => {
    expect(silver.catalog).toBe(cards);
    expect(cards).toHaveLength(14 * 4 + 4);
    for (const c of cards) expect(c.powerText.length).toBeGreaterThan(10);
    const known = cards.filter((c) => c.powerKnown).map((c) => `${c.edition} ${c.number}`);
    expect(known).toEqual([
      ...Array.from({ length: 14 }, (_, n) => `amulet ${n}`),
      'bullet 1',
      'coin 2',
      ...[0, 2, 4, 5, 11, 12].map((n) => `dagger ${n}`),
      ...[0, 3, 5, 12].map((n) => `promo ${n}`),
    ]);
    expect(cards.find((c) => c.edition === 'dagger' && c.number === 11)!.names).toEqual({ en: 'Reverser', fa: 'معکوس کننده' });
  });

  it('every option has a default and a description', () => {
    const shape = (silver.options as unknown as { shape: Record<string, { description?: string }> }).shape;
    for (const [k, v] of Object.entries(shape)) expect(v.description, k).toBeTruthy();
    expect(() => silver.options.parse({})).not.toThrow();
  });

  it('docs/rules/silver.md §9 lists every option with its default; descriptions cite that document', () => {
    const doc = readFileSync(new URL('../../../docs/rules/silver.md', import.meta.url), 'utf8');
    const defaults = silver.options.parse({}) as Record<string, unknown>;
    const shape = (silver.options as unknown as { shape: Record<string, { description: string }> }).shape;
    for (const [k, v] of Object.entries(shape)) {
      expect(doc, k).toContain(`| \`${k}\` | \`${JSON.stringify(defaults[k])}\` |`);
      expect(v.description, k).toMatch(/^docs\/rules\/silver\.md §\d/);
    }
  });

  it('§7 mix: by card number; promo supplies only 0, 3, 5, 12', () => {
    expect(silver.options.safeParse({ mix: { '7': 'promo' } }).success).toBe(false);
    expect(silver.options.safeParse({ mix: { '14': 'coin' } }).success).toBe(false);
    const s = initialState({ seats: 2, options: silver.options.parse({ edition: 'coin', mix: { '4': 'dagger', '12': 'promo' } }) });
    expect(s.eds).toEqual(['coin', 'coin', 'coin', 'coin', 'dagger', 'coin', 'coin', 'coin', 'coin', 'coin', 'coin', 'coin', 'promo', 'coin']);
    expect(s.token.kind).toBe('coin');
    expect(initialState({ seats: 2, options: silver.options.parse({ token: 'amulet' }) }).token.kind).toBe('amulet');
  });

  it('§2.2 step 7 firstStartPlayer: a fixed seat, refused when out of range', () => {
    const events = silver.start(initialState({ seats: 3, options: silver.options.parse({ firstStartPlayer: 2 }) }), fastRng(1)) as Event[];
    expect(events.find((e) => e.type === 'RoundDealt')).toMatchObject({ start: 2 });
    expect(() => table(silver).decide(null, { type: 'create', game: 'silver', seats: 2, options: { firstStartPlayer: 3 }, seed: 'x', seedFixed: true })).toThrow(RuleViolation);
  });

  it('the view matches its GraphQL type exactly', () => {
    const schema = buildSchema(`${silver.viewSchema}\ntype Query { v: SilverView }`);
    const unwrap = (t: GraphQLOutputType): GraphQLOutputType => (t instanceof GraphQLNonNull || t instanceof GraphQLList ? unwrap(t.ofType) : t);
    const same = (value: unknown, type: GraphQLOutputType, path: string): void => {
      if (type instanceof GraphQLNonNull) expect(value, path).not.toBeNull();
      if (value === null) return;
      const inner = type instanceof GraphQLNonNull ? type.ofType : type;
      if (inner instanceof GraphQLList) return (value as unknown[]).forEach((v, i) => same(v, inner.ofType, `${path}[${i}]`));
      const named = unwrap(inner);
      if (named instanceof GraphQLObjectType) {
        expect(Object.keys(value as object).sort(), path).toEqual(Object.keys(named.getFields()).sort());
        for (const [k, f] of Object.entries(named.getFields())) same((value as Record<string, unknown>)[k], f.type, `${path}.${k}`);
      }
    };
    const type = schema.getType('SilverView') as GraphQLObjectType;
    let seen = 0;
    randomPlaythrough(silver, {
      seats: 3,
      options: { mix: { '0': 'promo', '3': 'promo', '5': 'promo', '12': 'promo' }, rounds: 1 },
      seed: 'schema',
      bot: typeBot,
      check: (ts: TableState) => {
        if (seen++ % 25) return;
        for (const viewer of [0, null]) same(silver.view(ts.play as State, viewer), new GraphQLNonNull(type), 'view');
      },
    });
  });
});

describe('ASSUMPTION options (the other reading)', () => {
  it('§2.2 step 5 zombieSetupReflip: a Zombie flipped to start the pile is shuffled back (default) or stays (false)', () => {
    const seed = [...Array(400).keys()].find((k) => {
      const ev = silver.start(initialState({ seats: 2, options: silver.options.parse({ ...D, zombieSetupReflip: false }) }), fastRng(k)) as Event[];
      return ev.some((e) => e.type === 'Move' && e.to.z === 'discard' && e.card === 4);
    })!;
    expect(seed).toBeDefined();
    const on = silver.start(initialState({ seats: 2, options: silver.options.parse(D) }), fastRng(seed)) as Event[];
    expect(on.some((e) => e.type === 'DeckShuffled')).toBe(true);
    const s = on.reduce((st, e) => silver.evolve(st, e), initialState({ seats: 2, options: silver.options.parse(D) }));
    expect(s.discard).toHaveLength(1);
    expect(s.discard[0]! >= 14 && s.discard[0]! < 18).toBe(false);
  });

  it('§3.4 finalTurnExtras=false: only Draw or Take in a final turn', () => {
    const o: Setup = { options: A, villages: [[1], [2, 5]], up: [[1, 0]], discard: [9], deckSize: 10 };
    expect(round(o).do(0, { type: 'call' }).legal(1)).toContainEqual({ type: 'activate', position: 0, option: 0 });
    expect(round({ ...o, options: { ...A, finalTurnExtras: false } }).do(0, { type: 'call' }).legal(1).map((c) => c.type)).toEqual(['draw', 'take']);
  });

  it('§3.6 activatedPowerLimit=perTurn: one activation per turn in all', () => {
    const o: Setup = { options: A, villages: [[2, 2, 5, 6], [1]], up: [[0, 0], [0, 1]], deckSize: 10 };
    expect(round(o).all(0, { type: 'activate', position: 0, option: 0 }, tgt(0, 2)).legal(0)).toContainEqual({ type: 'activate', position: 1, option: 0 });
    expect(round({ ...o, options: { ...A, activatedPowerLimit: 'perTurn' } }).all(0, { type: 'activate', position: 0, option: 0 }, tgt(0, 2)).legal(0)).not.toContainEqual({ type: 'activate', position: 1, option: 0 });
  });

  it('§3.6 newlyFaceUpUsable=false: a card turned face-up this turn waits for the next turn', () => {
    const o: Setup = { options: A, villages: [[2, 1, 3], [1]], deck: [5], deckSize: 10 };
    expect(round(o).all(0, draw, power, tgt(0, 0)).legal(0)).toContainEqual({ type: 'activate', position: 0, option: 0 });
    expect(round({ ...o, options: { ...A, newlyFaceUpUsable: false } }).all(0, draw, power, tgt(0, 0)).state.turn?.seat).toBe(1);
  });

  it('§4.1 #0 villagerEndKeepsCall: the caller evaluation still applies (default) or not (false)', () => {
    const o: Setup = { options: A, villages: [[0, 1], [0, 9, 9]], up: [[0, 0]], deck: [5], deckSize: 10 };
    const play = (f: Flow) => f.do(0, { type: 'call' }).all(1, draw, power, tgt(1, 0));
    expect(play(round(o)).state.history[0]).toMatchObject({ reason: 'villagers', caller: 0, roundScores: [0, 18] });
    expect(play(round({ ...o, options: { ...A, villagerEndKeepsCall: false } })).state.history[0]).toMatchObject({ caller: null, roundScores: [1, 18] });
  });

  it('§4.1 #0 the Villager check runs after every event: two Villagers shown inside one move end the round (villagerCheck)', () => {
    // Both face-down 0s are revealed by a matching exchange, then would be discarded in the same move.
    const o: Setup = { options: { ...A, rounds: 1 }, villages: [[0, 0, 5], [6]], deck: [7], deckSize: 10 };
    const f = round(o).all(0, draw, { type: 'exchange', positions: [0, 1] });
    expect(f.state.history[0]).toMatchObject({ reason: 'villagers' });
    expect(f.truth(0)).toEqual([0, 0, 5]); // the round ended before the discard
    cardsConserved(f.state);
    const g = round({ ...o, options: { ...A, rounds: 1, villagerCheck: 'endOfMove' } }).all(0, draw, { type: 'exchange', positions: [0, 1] });
    expect(g.state.pending).toMatchObject({ kind: 'place' });
  });

  it('§4.1 #1 squireTakeIsDraw=false: a display card has no discard power', () => {
    const o: Setup = { options: { ...A, squireTakeIsDraw: false }, villages: [[1, 2], [4]], deck: [5, 9], deckSize: 10 };
    expect(round(o).all(0, draw, power, tgt(0, 0)).do(1, { type: 'draw', display: 0 }).legal(1)).not.toContainEqual(power);
  });

  it('§5.1 amuletBindsOwner=false and amuletTokenBlocksCall=false', () => {
    const o: Setup = { options: { ...A, amuletBindsOwner: false, amuletTokenBlocksCall: false }, villages: [[1, 2], [6]], token: { holder: 0, active: true }, deck: [6], deckSize: 10 };
    const f = round(o).all(0, { type: 'token' }, tgt(0, 1));
    expect(f.legal(0)).toContainEqual({ type: 'call' });
    expect(f.do(0, draw).legal(0)).toContainEqual({ type: 'exchange', positions: [1] });
  });

  it('§4.3 #2 curatorScope=any: the Curator may discard a rotated card of another village', () => {
    const o: Setup = { options: { ...C, curatorScope: 'any' }, villages: [[2, 5], [7]], up: [[0, 0]], deckSize: 10 };
    const f = withEvents(o, [{ type: 'Rotated', s: 1, p: 0 }]).do(0, { type: 'activate', position: 0, option: 1 });
    expect(f.legal(0)).toEqual([tgt(1, 0)]);
    expect(withEvents({ ...o, options: C }, [{ type: 'Rotated', s: 1, p: 0 }]).legal(0)).not.toContainEqual({ type: 'activate', position: 0, option: 1 });
  });

  it('§4.4 #5 approximatorAnyTwo=false: the Approximator counts its value only', () => {
    expect(round({ options: { ...D, approximatorAnyTwo: false }, villages: [[1, 2], [6]], deck: [5], deckSize: 10 }).do(0, draw).legal(0)).not.toContainEqual(power);
  });

  const commander = (options: Record<string, unknown>, villages = [[0, 5, 7], [1]], up: [number, number][] = [[0, 0]]) =>
    round({ options: { mix: { '0': 'promo' }, rounds: 2, ...options }, villages, up, deck: [6, 8], deckSize: 20 }).do(0, { type: 'call' }).all(1, draw, discard);

  it('§4.5 commanderKeptCounts=false: the kept card does not count this round', () => {
    expect(commander({ commanderKeptCounts: false }).do(0, tgt(0, 2)).state.history[0]!.totals[0]).toBe(5);
  });

  it('§4.5 commanderPerCard=false: one kept card per player; commanderOptional=false: no skip', () => {
    const two = commander({}, [[0, 0, 7], [1]], [[0, 0], [0, 1]]);
    expect(two.do(0, tgt(0, 2)).state.pending).toMatchObject({ kind: 'score', op: 'keep' });
    expect(commander({ commanderPerCard: false }, [[0, 0, 7], [1]], [[0, 0], [0, 1]]).do(0, tgt(0, 2)).state.phase).toBe('commander');
    expect(commander({ commanderOptional: false }).legal(0)).not.toContainEqual({ type: 'skip' });
  });

  it('§4.2 #1 a face-down Lycan slid into a set does not count itself (lycanCountsWhenRevealed)', () => {
    const o: Setup = { options: { mix: { '1': 'bullet' } }, villages: [[1, 2, 5], [6]], deck: [7], deckSize: 10 };
    expect(round(o).all(0, draw, { type: 'exchange', positions: [0, 1] }).state.pending).toMatchObject({ kind: 'place', slots: null });
    expect(round({ ...o, options: { mix: { '1': 'bullet' }, lycanCountsWhenRevealed: true } }).all(0, draw, { type: 'exchange', positions: [0, 1] }).state.pending).toMatchObject({ kind: 'place', slots: [0] });
    // A Lycan face-up before the exchange counts, in the set or not.
    expect(round({ ...o, up: [[0, 0]] }).all(0, draw, { type: 'exchange', positions: [0, 1] }).state.pending).toMatchObject({ kind: 'place', slots: [0] });
  });

  it('§6.1 the deck became empty ends the round, even if a Rascal returns a card to it (deckOutCheck=atTurnEnd plays on)', () => {
    const o: Setup = { options: A, villages: [[4, 1], [6]], up: [[0, 0]], deck: [7, 8], deckSize: 2 };
    const f = round(o).all(0, draw, { type: 'keep', index: 1 }, discard);
    expect(f.state.history[0]).toMatchObject({ reason: 'deck' });
    const g = round({ ...o, options: { ...A, deckOutCheck: 'atTurnEnd' } }).all(0, draw, { type: 'keep', index: 1 }, discard);
    expect(g.state.history).toEqual([]);
    expect(silver.status(g.state).toMove).toEqual([1]);
    expect(g.state.deck).toHaveLength(1);
    expect(g.all(1, draw, discard).state.history[0]).toMatchObject({ reason: 'deck' });
  });

  it('§4.4 #4 a Zombie give uses the whole turn: no token or face-up power before or after it (zombieGiveWholeTurn)', () => {
    const o: Setup = { options: { edition: 'dagger' }, seats: 3, villages: [[4, 1], [6], [7]], up: [[0, 0]], token: { holder: 0, active: true }, deckSize: 10 };
    const f = round(o).do(0, { type: 'give', position: 0, end: 'left' });
    expect(silver.status(f.state).toMove).toEqual([1]);
    expect(round(o).do(0, { type: 'token' }).legal(0).map((c) => c.type)).not.toContain('give');
    const g = round({ ...o, options: { edition: 'dagger', zombieGiveWholeTurn: false } }).do(0, { type: 'give', position: 0, end: 'left' });
    expect(g.legal(0)).toContainEqual({ type: 'token' });
  });

  it('§4.5 the Looter never takes another player’s Prince-protected cards, whatever looterExemptsProtected says', () => {
    const p: Setup = { options: { mix: { '12': 'promo', '3': 'promo' }, looterExemptsProtected: false }, villages: [[1], [5, 3]], up: [[1, 0], [1, 1]], deck: [12], deckSize: 10 };
    expect(round(p).do(0, draw).legal(0)).not.toContainEqual(power);
  });

  it('§4.5 princeBindsOwner=true: the owner cannot exchange their own face-up cards', () => {
    const o: Setup = { options: { mix: { '3': 'promo' }, princeBindsOwner: true }, villages: [[3, 7, 1], [2]], up: [[0, 0], [0, 1]], deck: [6], deckSize: 10 };
    expect(round(o).do(0, draw).legal(0).filter((c) => c.type === 'exchange')).toEqual([{ type: 'exchange', positions: [2] }]);
  });

  it('§4.5 looterOrder=playDirection and looterExemptsProtected=false', () => {
    const o: Setup = { options: { mix: { '12': 'promo', '3': 'promo' }, looterOrder: 'playDirection' }, seats: 3, villages: [[1], [5], [5]], up: [[1, 0], [2, 0]], deck: [12], deckSize: 10 };
    const f = withEvents(o, [{ type: 'Reversed', seat: 0, direction: -1, skip: false }]).all(0, draw, power, { type: 'number', value: 5 });
    const order = (f.last.filter((e) => e.type === 'Move') as Extract<Event, { type: 'Move' }>[]).flatMap((m) => (m.from.z === 'village' ? [m.from.s] : []));
    expect(order).toEqual([2, 1]);
    // A Bodyguard (amulet 3) protects itself and a named card: exempt by default, taken with looterExemptsProtected=false.
    const p: Setup = { options: { edition: 'amulet', mix: { '12': 'promo' } }, villages: [[1], [3, 5]], up: [[1, 0], [1, 1]], deck: [12], deckSize: 10 };
    const guarded = (o: Setup) => withEvents(o, [{ type: 'Guarded', s: 1, bodyguard: 0, p: 1 }]);
    expect(guarded(p).do(0, draw).legal(0)).not.toContainEqual(power);
    expect(guarded({ ...p, options: { ...p.options, looterExemptsProtected: false } }).all(0, draw, power).legal(0)).toEqual([{ type: 'number', value: 3 }, { type: 'number', value: 5 }]);
  });

  it('§6.4 callerCompareAfterPowers=false: the caller is compared on the plain sums', () => {
    const o: Setup = { villages: [[0, 5], [1, 2]], up: [[0, 0]], deck: [6, 7], deckSize: 10 };
    const run = (options: Record<string, unknown>) => applyScoring(round({ ...o, options: { ...D, ...options } }).do(0, { type: 'call' }).all(1, draw, discard)).state.history[0]!;
    expect(run({})).toMatchObject({ totals: [3, 3], callSucceeded: true });
    expect(run({ callerCompareAfterPowers: false })).toMatchObject({ callSucceeded: false, roundScores: [13, 3] });
  });

  it('§6.5 tieScanIncludesStartPlayer, §6.7 finalTieHolder / finalTieNeedsActiveToken', () => {
    const S = (o: Record<string, unknown>, holder: number, active: boolean, start: number): State => {
      const st = initialState({ seats: 4, options: silver.options.parse(o) });
      return { ...st, start, token: { ...st.token, holder, active } };
    };
    const out = { totals: [0, 0, 3, 0], roundScores: [0, 0, 3, 0], caller: null, callSucceeded: null };
    expect(nextToken(S({}, 2, false, 0), out).holder).toBe(0);
    expect(nextToken(S({ tieScanIncludesStartPlayer: false }, 2, false, 0), out).holder).toBe(1);
    expect(gameWinners(S({}, 2, false, 2), [5, 5, 9, 9], { holder: 1, active: false })).toEqual([1]);
    expect(gameWinners(S({ finalTieHolder: 'duringLastRound' }, 2, false, 2), [5, 5, 9, 9], { holder: 1, active: false })).toEqual([0]);
    expect(gameWinners(S({ finalTieNeedsActiveToken: true }, 2, false, 2), [5, 5, 9, 9], { holder: 1, active: false })).toEqual([0]);
  });

  it('§6.5 a tie scan that lands on the successful caller gives the token with its power (tieScanCallerActive)', () => {
    const S = (o: Record<string, unknown>): State => {
      const st = initialState({ seats: 4, options: silver.options.parse(o) });
      return { ...st, start: 1, token: { ...st.token, holder: 1, active: false } };
    };
    const out = { totals: [5, 4, 0, 0], roundScores: [5, 4, 0, 0], caller: 2, callSucceeded: true };
    expect(nextToken(S({}), out)).toEqual({ holder: 2, active: true });
    expect(nextToken(S({ tieScanCallerActive: false }), out)).toEqual({ holder: 2, active: false });
  });

  it('§6.5 tieScanIncludesStartPlayer=false: a marker-only holder among the tied does not keep the token, the scan moves on', () => {
    const S = (o: Record<string, unknown>, active: boolean): State => {
      const st = initialState({ seats: 4, options: silver.options.parse(o) });
      return { ...st, start: 1, token: { ...st.token, holder: 1, active } };
    };
    const out = { totals: [5, 0, 3, 0], roundScores: [5, 0, 3, 0], caller: null, callSucceeded: null };
    expect(nextToken(S({ tieScanIncludesStartPlayer: false }, false), out)).toEqual({ holder: 3, active: false });
    expect(nextToken(S({}, false), out)).toEqual({ holder: 1, active: false });
    // A possessor (the token won by a call) among the tied keeps it, and its power (tieKeeperActive=literal).
    expect(nextToken(S({ tieScanIncludesStartPlayer: false }, true), out)).toEqual({ holder: 1, active: true });
  });

  it('§3.3 discardTakeDisablesFU: a card taken from the pile keeps (default) or loses its face-up power', () => {
    const o: Setup = { options: A, villages: [[1, 3], [6]], discard: [2], deckSize: 10 };
    const f = round(o).all(0, { type: 'take' }, { type: 'exchange', positions: [0] });
    expect(f.legal(0)).toContainEqual({ type: 'activate', position: 0, option: 0 });
    expect(round({ ...o, options: { ...A, discardTakeDisablesFU: true } }).all(0, { type: 'take' }, { type: 'exchange', positions: [0] }).state.turn?.seat).toBe(1);
  });
});
