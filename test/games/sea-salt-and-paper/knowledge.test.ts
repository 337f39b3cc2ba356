/**
 * What a seat remembers and the view now shows (a person at the table remembers it): every card
 * seen landing on each discard pile, and the cards known to be in another's hidden hand — taken
 * from a discard pile in view of all, or a theft the seat saw — until they may have left it.
 */
import { describe, expect, it } from 'vitest';
import { fastRng } from '../../../services/engine/core/index.js';
import type { Event } from '../../../services/engine/games/sea-salt-and-paper/events.js';
import { act, fold, game, id, ids, keepFirst, position, setup, type Step } from './helpers.js';

const cardIds = (cards: readonly { id: number }[]) => cards.map((c) => c.id);
const [x, y, z] = [id('shell', 'black'), id('octopus', 'purple'), id('penguin', 'lightPink')];
const pair = [ids('shark')[0]!, ids('swimmer')[0]!];

/** Seat 1 takes `z` from pile 0 in view of all; seat 2 plays a plain turn; seat 0 holds a shark+swimmer. */
function taken(extra: Step[] = []): Event[] {
  const given = position({ seats: 3, active: 1, hands: [pair, [x, y], [id('captain')]], discards: [[id('lighthouse'), z], [id('shoalOfFish')]] });
  return act(3, given, [[1, { type: 'takeDiscard', pile: 0 }], [1, { type: 'endTurn' }], [2, { type: 'draw' }], [2, keepFirst], [2, { type: 'endTurn' }], [0, { type: 'draw' }], [0, keepFirst], ...extra]);
}
const robbed = (seed: number) => act(3, taken([[0, { type: 'playDuo', cards: pair }]]), [[0, { type: 'chooseOpponent', opponent: 1 }]], {}, fastRng(seed));
const stolen = (events: Event[]) => (events.at(-1) as Extract<Event, { type: 'Stole' }>).card!;

describe('what a seat remembers of the discard piles', () => {
  it('every card put face up on a pile stays in its `seen` list, bottom first, after it is covered or taken', () => {
    const s = fold(3, taken());
    for (const viewer of [0, 1, 2, null]) {
      const pile = game.view(s, viewer).discards[0]!;
      expect(cardIds(pile.seen).slice(0, 2), 'the pile as it was seen').toEqual([id('lighthouse'), z]);
      expect(pile.count).toBe(pile.seen.length - 1);
    }
  });
});

describe('what a seat learns looking through a pile', () => {
  it('a seat whose crab looks through a pile knows which cards seen there left it unseen; the others do not', () => {
    const crabs = ids('crab');
    const given = position({ seats: 2, active: 1, hands: [[crabs[0]!, crabs[1]!], [crabs[2]!, crabs[3]!]], discards: [[x, y, z], [id('lighthouse')]], phase: 'play' });
    const events = act(2, given, [
      [1, { type: 'playDuo', cards: [crabs[2], crabs[3]] }],
      [1, { type: 'choosePile', pile: 0 }],
      [1, { type: 'chooseCard', card: x }],
      [1, { type: 'endTurn' }],
      [0, { type: 'draw' }],
      [0, keepFirst],
      [0, { type: 'playDuo', cards: [crabs[0], crabs[1]] }],
      [0, { type: 'choosePile', pile: 0 }],
    ]);
    const s = fold(2, events);
    expect(cardIds(game.view(s, 0).discards[0]!.gone)).toEqual([x]);
    expect(game.view(s, 1).discards[0]!.gone, 'seat 1 has not looked since its own crab took x').toEqual([]);
    const after = fold(2, act(2, events, [[0, { type: 'chooseCard', card: y }]]));
    expect(cardIds(game.view(after, 0).discards[0]!.gone), 'still known after the crab takes its card').toEqual([x]);
    for (let k = 0; k < 20; k++) expect(game.sampleWorld!(game.view(after, 0), 0, fastRng(k), setup(2)).hands[1], 'at 2 seats, the card gone is in the other hand').toContain(x);
  });
});

describe('what a seat remembers of the hidden hands', () => {
  it('a card taken from a discard pile in view of all is known to be in the taker\'s hand, by every other seat and spectators', () => {
    const s = fold(3, taken());
    for (const viewer of [0, 2, null]) expect(cardIds(game.view(s, viewer).players[1]!.known)).toEqual([z]);
    expect(game.view(s, 1).players[1]!.known, 'one\'s own hand is shown, not remembered').toEqual([]);
  });

  it('a card played in a duo is no longer remembered in the hand', () => {
    const crabs = ids('crab').slice(0, 2);
    const given = position({ seats: 2, active: 1, hands: [[x], [crabs[0]!]], discards: [[id('lighthouse'), crabs[1]!], [id('shoalOfFish')]] });
    const took = act(2, given, [[1, { type: 'takeDiscard', pile: 0 }]]);
    expect(cardIds(game.view(fold(2, took), 0).players[1]!.known)).toEqual([crabs[1]]);
    const played = act(2, took, [[1, { type: 'playDuo', cards: crabs }]]);
    expect(game.view(fold(2, played), 0).players[1]!.known).toEqual([]);
  });

  it('a theft from a hidden hand tells the thief and the victim where the card went; the others forget what they knew of that hand', () => {
    const s = fold(3, robbed(1));
    const card = stolen(robbed(1));
    expect(game.view(s, 2).players[1]!.known, 'seat 2 cannot tell whether z was the card stolen').toEqual([]);
    expect(cardIds(game.view(s, 1).players[0]!.known), 'the victim knows where its card went').toEqual([card]);
    expect(cardIds(game.view(s, 0).players[1]!.known), 'the thief knows what it took').toEqual(card === z ? [] : [z]);
  });

  it('what the others forget after a theft does not depend on the card stolen (non-interference)', () => {
    const a = robbed(1);
    const b = [2, 3, 4, 5, 6, 7, 8].map(robbed).find((e) => stolen(e) !== stolen(a))!;
    expect(game.view(fold(3, a), 2)).toEqual(game.view(fold(3, b), 2));
  });
});
