/**
 * §5 hidden information: non-interference for every seat (two histories that differ only in
 * what a seat cannot know look identical to it), and the redaction of each hidden event.
 */
import { describe, expect, it } from 'vitest';
import { fastRng, RuleViolation } from '../../../services/engine/core/index.js';
import type { Event } from '../../../services/engine/games/sea-salt-and-paper/events.js';
import { expectIndistinguishable, observe } from '../../kit/playthrough.js';
import { act, fold, game, id, ids, plainTurn, position, tableHistory, type Position } from './helpers.js';

const seatsBut = (seats: number, ...knowing: number[]) => [...Array.from({ length: seats }, (_, i) => i).filter((i) => !knowing.includes(i)), null];
const history = (seats: number, events: Event[]) => tableHistory(seats, events);
const sameFor = (seats: number, a: Event[], b: Event[], ...knowing: number[]) => {
  for (const seat of seatsBut(seats, ...knowing)) expectIndistinguishable(game, history(seats, a), history(seats, b), seat);
};
const differsFor = (seats: number, a: Event[], b: Event[], seat: number) => {
  expect(observe(game, history(seats, a), seat)).not.toEqual(observe(game, history(seats, b), seat));
};

const piles: [number[], number[]] = [[id('lighthouse')], [id('shoalOfFish')]];
const [x, y, z] = [id('shell', 'black'), id('octopus', 'purple'), id('penguin', 'lightPink')];

describe('§5 hidden information: non-interference', () => {
  it('§5 the deck order is hidden from everyone', () => {
    const a = position({ seats: 4, discards: piles, deckTop: [x, y] });
    const b = position({ seats: 4, discards: piles, deckTop: [y, x] });
    sameFor(4, a, b);
  });

  it('§5 the two drawn cards are seen by the drawer only while the choice is pending', () => {
    const a = act(4, position({ seats: 4, discards: piles, deckTop: [x, y] }), [[0, { type: 'draw' }]]);
    const b = act(4, position({ seats: 4, discards: piles, deckTop: [y, z] }), [[0, { type: 'draw' }]]);
    sameFor(4, a, b, 0);
    differsFor(4, a, b, 0);
    expect(game.view(fold(4, a), 0).drawn!.map((c) => c.id)).toEqual([x, y]);
    expect(game.view(fold(4, a), 1).drawn).toBeNull();
  });

  it('§5 of the two drawn cards only the discarded one becomes public', () => {
    const a = act(3, position({ seats: 3, discards: piles, deckTop: [x, z] }), [[0, { type: 'draw' }], [0, { type: 'keep', card: x, pile: 0 }]]);
    const b = act(3, position({ seats: 3, discards: piles, deckTop: [y, z] }), [[0, { type: 'draw' }], [0, { type: 'keep', card: y, pile: 0 }]]);
    sameFor(3, a, b, 0);
    const kept = a.at(-1)!;
    expect(game.redact(kept, 1)).toEqual({ type: 'Kept', seat: 0, card: null, discarded: z, pile: 0 });
    expect(game.view(fold(3, a), 2).discards[0]!.top!.id).toBe(z);
  });

  it('§5 hands are hidden (count only) until revealed', () => {
    const hand = (cards: number[]): Position => ({ seats: 3, discards: piles, hands: [[], cards, [id('captain')]] });
    const a = position(hand([x, y]));
    const b = position(hand([x, z]));
    sameFor(3, a, b, 1);
    differsFor(3, a, b, 1);
    expect(game.view(fold(3, a), 0).players[1]).toMatchObject({ handCount: 2, hand: null, cardPoints: null });
  });

  it('§5 the crab player alone sees the chosen pile; the card taken stays hidden', () => {
    const crabs = ids('crab').slice(0, 2);
    const given = position({ seats: 3, hands: [crabs, [id('captain')], [id('sailor')]], discards: [[x, y, z], [id('lighthouse')]], phase: 'play' });
    const chosen = act(3, given, [
      [0, { type: 'playDuo', cards: crabs }],
      [0, { type: 'choosePile', pile: 0 }],
    ]);
    expect(game.view(fold(3, chosen), 1)).toMatchObject({ crabPile: 0, crabPileCards: null });
    const a = act(3, chosen, [[0, { type: 'chooseCard', card: x }]]);
    const b = act(3, chosen, [[0, { type: 'chooseCard', card: y }]]);
    sameFor(3, a, b, 0);
    differsFor(3, a, b, 0);
  });

  it('§5 the card drawn with a fish duo is hidden from the others', () => {
    const fish = ids('fish').slice(0, 2);
    const at = (top: number) => act(3, position({ seats: 3, hands: [fish, [], []], discards: piles, deckTop: [top], phase: 'play' }), [[0, { type: 'playDuo', cards: fish }]]);
    sameFor(3, at(x), at(y), 0);
  });

  it('§5 the stolen card is known to the thief and the victim only', () => {
    const pair = [ids('shark')[0]!, ids('swimmer')[0]!];
    const given = position({ seats: 4, hands: [pair, [x, y, z], [id('captain')], [id('lighthouse')]], discards: [[id('octopus')], [id('shell')]], phase: 'play' });
    const played = act(4, given, [[0, { type: 'playDuo', cards: pair }]]);
    const steal = (seed: number) => act(4, played, [[0, { type: 'chooseOpponent', opponent: 1 }]], {}, fastRng(seed));
    const a = steal(1);
    const card = (events: Event[]) => (events.at(-1) as { card: number }).card;
    const b = [2, 3, 4, 5, 6, 7, 8].map(steal).find((e) => card(e) !== card(a))!;
    sameFor(4, a, b, 0, 1);
    differsFor(4, a, b, 0);
    differsFor(4, a, b, 1);
    expect(game.redact(a.at(-1)!, 2)).toEqual({ type: 'Stole', seat: 0, from: 1, card: null, victimRevealed: false });
  });

  it('§5 a hand revealed after its LAST CHANCE final turn is public', () => {
    const seven = [id('sailor', 'lightPink'), id('sailor', 'orange'), id('crab', 'yellow', 0), id('crab', 'yellow', 1), id('penguin', 'purple')];
    const round = (cards: number[]) =>
      act(3, position({ seats: 3, hands: [seven, cards, [id('captain')]], discards: piles, deckTop: [id('octopus', 'lightBlue'), id('shell', 'darkBlue')], phase: 'play' }), [
        [0, { type: 'lastChance' }],
        ...plainTurn(1),
      ]);
    const [a, b] = [round([x]), round([y])];
    differsFor(3, a, b, 2);
    expect(game.view(fold(3, a), 2).players[1]!.hand!.map((c) => c.id)).toContain(x);
    // Before seat 1's final turn its hand is still hidden from seat 2.
    const before = (cards: number[]) => act(3, position({ seats: 3, hands: [seven, cards, [id('captain')]], discards: piles, phase: 'play' }), [[0, { type: 'lastChance' }]]);
    sameFor(3, before([x]), before([y]), 1);
  });

  it('§5 a seat\'s legal moves mention only cards it may know, and refusals name no hidden card', () => {
    const drawn = act(2, position({ seats: 2, discards: piles, deckTop: [x, y] }), [[0, { type: 'draw' }]]);
    const s = fold(2, drawn);
    expect(game.legalCommands(s, 1)).toEqual([]);
    let error: unknown;
    try {
      game.decide(s, { type: 'keep', card: z, pile: 0 }, 0, fastRng(1));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RuleViolation);
    expect((error as Error).message).not.toMatch(/\d{2}|shell|octopus/i);
  });
});

describe('§5 redaction of each event', () => {
  it('RoundStarted hides the deck order from every viewer', () => {
    const [started] = game.start(game.initialState({ seats: 2, options: game.options.parse({}) }), fastRng(3));
    for (const viewer of [0, 1, null]) expect(game.redact(started!, viewer)).toMatchObject({ deck: null, deckCount: 56 });
  });

  it('Drew, Kept, CardTaken and FishDrew keep their card for the acting seat only; Stole for the thief and the victim', () => {
    const events: Event[] = [
      { type: 'Drew', seat: 0, count: 2, cards: [x, y] },
      { type: 'Kept', seat: 0, card: x, discarded: y, pile: 1 },
      { type: 'CardTaken', seat: 0, pile: 0, card: z },
      { type: 'FishDrew', seat: 0, card: z },
      { type: 'Stole', seat: 0, from: 1, card: z, victimRevealed: false },
    ];
    for (const e of events) expect(game.redact(e, 0)).toEqual(e);
    expect(game.redact(events[4]!, 1)).toEqual(events[4]);
    expect(events.map((e) => game.redact(e, 2))).toEqual([
      { type: 'Drew', seat: 0, count: 2, cards: null },
      { type: 'Kept', seat: 0, card: null, discarded: y, pile: 1 },
      { type: 'CardTaken', seat: 0, pile: 0, card: null },
      { type: 'FishDrew', seat: 0, card: null },
      { type: 'Stole', seat: 0, from: 1, card: null, victimRevealed: false },
    ]);
  });

  it('§5 own card points and whether one can call are shown to the owner only', () => {
    const s = fold(2, position({ seats: 2, hands: [[x, y], [z]], discards: piles }));
    expect(game.view(s, 0)).toMatchObject({ myPoints: { total: 0 }, canCall: false });
    expect(game.view(s, 0).players[1]).toMatchObject({ cardPoints: null, colourBonus: null });
    expect(game.view(s, null)).toMatchObject({ myHand: null, myPoints: null, myColourBonus: null });
  });
});
