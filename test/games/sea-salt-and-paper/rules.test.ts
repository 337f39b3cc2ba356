/** A test per rule of docs/rules/sea-salt-and-paper.md, named after its section or example id. */
import { describe, expect, it } from 'vitest';
import { fastRng } from '../../../services/engine/core/index.js';
import { ALL_IDS } from '../../../services/engine/games/sea-salt-and-paper/cards.js';
import type { Event } from '../../../services/engine/games/sea-salt-and-paper/events.js';
import type { Options } from '../../../services/engine/games/sea-salt-and-paper/options.js';
import { act, fold, game, id, ids, keepFirst, plainTurn, position, S, setup, type Position } from './helpers.js';

const legal = (seats: number, events: Event[], seat: number, options: Partial<Options> = {}) => game.legalCommands(fold(seats, events, options), seat);
const types = (events: Event[]) => events.map((e) => e.type);

const crabs = ids('crab');
const boats = ids('boat');
const fishes = ids('fish');
const [shark] = ids('shark');
const [swimmer] = ids('swimmer');
const mermaids = ids('mermaid');
/** 7 card points (sailors 5, a crab pair 1, a penguin 1); colour bonus 2 (yellow). */
const SEVEN = [id('sailor', 'lightPink'), id('sailor', 'orange'), id('crab', 'yellow', 0), id('crab', 'yellow', 1), id('penguin', 'purple')];
/** 6 card points: sailors 5, a penguin 1. */
const SIX = [id('sailor', 'lightPink'), id('sailor', 'orange'), id('penguin', 'purple')];

/** The round's state after a position and some moves. */
const after = (seats: number, p: Position, moves: Parameters<typeof act>[2], options: Partial<Options> = {}) => {
  const events = act(seats, position(p), moves, options);
  return { events, state: fold(seats, events, options) };
};

describe('§2 setup', () => {
  it('§2.4 round setup: all 58 cards shuffled, each discard pile starts with 1 card, hands empty, a random first player', () => {
    const s0 = game.initialState(setup(3));
    const starters = new Set<number>();
    for (let seed = 0; seed < 20; seed++) {
      const events = game.start(s0, fastRng(seed));
      const [started] = events as [Extract<Event, { type: 'RoundStarted' }>];
      expect(events).toHaveLength(1);
      expect(started).toMatchObject({ type: 'RoundStarted', round: 1, deckCount: 56 });
      expect([...started.deck!, ...started.discards].sort((a, b) => a - b)).toEqual([...ALL_IDS]);
      const s = events.reduce(game.evolve, s0);
      expect(s.active).toBe(started.starter);
      expect(s.hands).toEqual([[], [], []]);
      expect(s.discards.map((d) => d.length)).toEqual([1, 1]);
      starters.add(started.starter);
    }
    expect(starters.size).toBe(3);
  });

  it('§2.4 target score by seat count: 40 / 35 / 30; the targetScore option fixes another', () => {
    expect([2, 3, 4].map((n) => game.initialState(setup(n)).target)).toEqual([40, 35, 30]);
    expect(game.initialState(setup(3, { targetScore: 80 })).target).toBe(80);
  });
});

describe('§3 Phase 1: add a card', () => {
  const [a, b] = [id('shell', 'black'), id('octopus', 'purple')];

  it('§3 1A draw two, keep one, put the other face up on a discard pile of your choice', () => {
    const given = position({ seats: 2, deckTop: [a, b] });
    S(2).given(...given).when(0, { type: 'draw' }).then([{ type: 'Drew', seat: 0, count: 2, cards: [a, b] }]);
    const drawn = act(2, given, [[0, { type: 'draw' }]]);
    expect(legal(2, drawn, 0)).toHaveLength(4);
    S(2).given(...drawn).when(0, { type: 'keep', card: b, pile: 1 }).then([{ type: 'Kept', seat: 0, card: b, discarded: a, pile: 1 }]);
    const s = S(2).given(...drawn).when(0, { type: 'keep', card: b, pile: 1 }).state();
    expect(s.hands[0]).toEqual([b]);
    expect(s.discards[1]!.at(-1)).toBe(a);
    expect(s.phase).toBe('play');
    S(2).given(...drawn).when(0, { type: 'keep', card: id('mermaid'), pile: 1 }).thenRefused('ILLEGAL_MOVE', 'not one of the two you drew');
  });

  it('E2 the unkept card must go on an empty discard pile', () => {
    const drawn = act(2, position({ seats: 2, hands: [[id('captain')]], discards: [[], [id('lighthouse')]], deckTop: [a, b] }), [[0, { type: 'draw' }]]);
    expect(legal(2, drawn, 0)).toEqual([
      { type: 'keep', card: a, pile: 0 },
      { type: 'keep', card: b, pile: 0 },
    ]);
    S(2).given(...drawn).when(0, { type: 'keep', card: a, pile: 1 }).thenRefused('ILLEGAL_MOVE', 'empty discard pile');
    S(2).given(...drawn).when(0, { type: 'keep', card: a, pile: 0 }).then([{ type: 'Kept', seat: 0, card: a, discarded: b, pile: 0 }]);
  });

  it('§3 1A with both discard piles empty the unkept card may go on either', () => {
    const drawn = act(2, position({ seats: 2, hands: [[id('captain'), id('lighthouse')]], discards: [[], []], deckTop: [a, b] }), [[0, { type: 'draw' }]]);
    expect(legal(2, drawn, 0)).toHaveLength(4);
  });

  it('E1 draw two with one card left: it is kept and nothing is discarded', () => {
    const given = position({ seats: 2, deckTop: [a], deckCount: 1, overflow: 1 });
    S(2).given(...given).when(0, { type: 'draw' }).then([{ type: 'Drew', seat: 0, count: 1, cards: [a] }]);
    const s = S(2).given(...given).when(0, { type: 'draw' }).state();
    expect(s.hands[0]).toEqual([a]);
    expect(s.phase).toBe('play');
    expect(s.deck).toEqual([]);
    expect(s.discards).toEqual(fold(2, given).discards);
  });

  it('§3 1B take the top card of a discard pile (never a card below it)', () => {
    const given = position({ seats: 2, hands: [[id('captain')]], discards: [[a, b], [id('lighthouse')]] });
    S(2).given(...given).when(0, { type: 'takeDiscard', pile: 0 }).then([{ type: 'TookDiscard', seat: 0, pile: 0, card: b }]);
    expect(legal(2, given, 0)).toEqual([{ type: 'draw' }, { type: 'takeDiscard', pile: 0 }, { type: 'takeDiscard', pile: 1 }]);
  });

  it('E3 taking from an empty discard pile is illegal', () => {
    const given = position({ seats: 2, hands: [[id('captain')]], discards: [[], [id('lighthouse')]] });
    S(2).given(...given).when(0, { type: 'takeDiscard', pile: 0 }).thenRefused('ILLEGAL_MOVE', 'empty');
  });

  it('§3 no duos may be played between drawing and discarding (discarding completes Phase 1)', () => {
    const drawn = act(2, position({ seats: 2, hands: [crabs.slice(0, 2)], discards: [[a], [b]] }), [[0, { type: 'draw' }]]);
    S(2).given(...drawn).when(0, { type: 'playDuo', cards: [crabs[0]!, crabs[1]!] }).thenRefused('ILLEGAL_MOVE');
    S(2).given(...drawn).when(0, { type: 'endTurn' }).thenRefused('ILLEGAL_MOVE');
  });

  it('E4 draw pile empty at the start of a turn: Phase 1A is unavailable, a discard must be taken', () => {
    const given = position({ seats: 2, deckCount: 0, overflow: 1 });
    expect(legal(2, given, 0)).toEqual([{ type: 'takeDiscard', pile: 0 }, { type: 'takeDiscard', pile: 1 }]);
    S(2).given(...given).when(0, { type: 'draw' }).thenRefused('ILLEGAL_MOVE', 'draw pile is empty');
  });

  it('E4 draw pile and both discard piles empty: Phase 1 is skipped (nothingToTake SKIP_TO_DUOS)', () => {
    const given = position({ seats: 2, hands: [crabs.slice(0, 2)], discards: [[], []], deckCount: 0, overflow: 1 });
    const s = fold(2, given);
    expect(s.phase).toBe('play');
    expect(legal(2, given, 0)).toEqual([{ type: 'playDuo', cards: [crabs[0], crabs[1]] }, { type: 'endTurn' }]);
  });

  it('E4 option nothingToTake SKIP_TURN: with nothing to take the player may only end the turn', () => {
    const o = { nothingToTake: 'SKIP_TURN' } as const;
    const given = position({ seats: 2, hands: [crabs.slice(0, 2)], discards: [[], []], deckCount: 0, overflow: 1 });
    expect(fold(2, given, o).phase).toBe('draw');
    expect(legal(2, given, 0, o)).toEqual([{ type: 'endTurn' }]);
    S(2, o).given(...given).when(0, { type: 'playDuo', cards: [crabs[0]!, crabs[1]!] }).thenRefused('ILLEGAL_MOVE');
    expect(types(S(2, o).given(...given).when(0, { type: 'endTurn' }).events())).toEqual(['TurnEnded', 'RoundEnded', 'RoundStarted']);
  });
});

describe('§3 Phase 2: duos', () => {
  const playing = (hand: number[], extra: Partial<Position> = {}) => position({ seats: 3, hands: [hand, [id('captain')], [id('lighthouse')]], phase: 'play', ...extra });

  it('§3 Phase 2 valid pairs are crab+crab, boat+boat, fish+fish and shark+swimmer; shark+shark and swimmer+swimmer are not', () => {
    const hand = [crabs[0]!, crabs[1]!, boats[0]!, boats[1]!, fishes[0]!, fishes[1]!, ...ids('shark').slice(0, 2), ...ids('swimmer').slice(0, 2)];
    const given = playing(hand);
    const duos = legal(3, given, 0).filter((c) => c.type === 'playDuo');
    expect(duos).toHaveLength(3 + 4);
    for (const cards of [ids('shark').slice(0, 2), ids('swimmer').slice(0, 2), [crabs[0], boats[0]]]) {
      S(3).given(...given).when(0, { type: 'playDuo', cards }).thenRefused('ILLEGAL_MOVE', 'not a duo');
    }
  });

  it('§3 Phase 2 only pairs entirely from the hand may be played', () => {
    const given = playing([crabs[0]!], { discards: [[crabs[1]!], [id('shell')]] });
    S(3).given(...given).when(0, { type: 'playDuo', cards: [crabs[0]!, crabs[1]!] }).thenRefused('ILLEGAL_MOVE');
  });

  it('§3 Phase 2 a played duo goes face up in front of the player and several may be played in one turn', () => {
    const state = fold(3, act(3, playing([fishes[0]!, fishes[1]!, shark!, swimmer!, id('shell')]), [
      [0, { type: 'playDuo', cards: [fishes[0], fishes[1]] }],
      [0, { type: 'playDuo', cards: [shark, swimmer] }],
      [0, { type: 'chooseOpponent', opponent: 1 }],
    ]));
    expect(state.played[0]).toEqual([fishes[0], fishes[1], swimmer, shark]);
    expect(state.phase).toBe('play');
  });

  it('§3 Crab+Crab: choose a discard pile, look through it without changing its order, take any one card', () => {
    const [a, b, c, d] = [id('shell', 'black'), id('octopus', 'purple'), id('penguin', 'lightPink'), id('lighthouse')];
    const given = playing([crabs[0]!, crabs[1]!], { discards: [[a, b, c], [d]] });
    S(3).given(...given).when(0, { type: 'playDuo', cards: [crabs[1]!, crabs[0]!] }).then([{ type: 'DuoPlayed', seat: 0, cards: [crabs[0]!, crabs[1]!], duo: 'crab', effect: true }]);
    const played = act(3, given, [[0, { type: 'playDuo', cards: [crabs[0], crabs[1]] }]]);
    expect(legal(3, played, 0)).toEqual([{ type: 'choosePile', pile: 0 }, { type: 'choosePile', pile: 1 }]);
    expect(game.view(fold(3, played), 0).crabPileCards).toBeNull();
    const chosen = act(3, played, [[0, { type: 'choosePile', pile: 0 }]]);
    expect(game.view(fold(3, chosen), 0).crabPileCards!.map((x) => x.id)).toEqual([a, b, c]);
    expect(legal(3, chosen, 0)).toEqual([a, b, c].map((card) => ({ type: 'chooseCard', card })));
    S(3).given(...chosen).when(0, { type: 'chooseCard', card: d }).thenRefused('ILLEGAL_MOVE');
    S(3).given(...chosen).when(0, { type: 'chooseCard', card: b }).then([{ type: 'CardTaken', seat: 0, pile: 0, card: b }]);
    const s = S(3).given(...chosen).when(0, { type: 'chooseCard', card: b }).state();
    expect(s.discards[0]).toEqual([a, c]);
    expect(s.hands[0]).toContain(b);
  });

  it('E5 Crab+Crab with both discard piles empty: the duo is placed and the effect skipped', () => {
    const given = playing([crabs[0]!, crabs[1]!, id('shell'), id('octopus')], { discards: [[], []] });
    S(3).given(...given).when(0, { type: 'playDuo', cards: [crabs[0]!, crabs[1]!] }).then([{ type: 'DuoPlayed', seat: 0, cards: [crabs[0]!, crabs[1]!], duo: 'crab', effect: false }]);
  });

  it('§3 Boat+Boat: the player immediately takes another turn (Phase 1, then 2, then 3)', () => {
    const given = playing([boats[0]!, boats[1]!]);
    const events = act(3, given, [[0, { type: 'playDuo', cards: [boats[0], boats[1]] }]]);
    const state = fold(3, events);
    expect(events.slice(given.length)).toEqual([{ type: 'DuoPlayed', seat: 0, cards: [boats[0], boats[1]], duo: 'boat', effect: true }]);
    expect(state).toMatchObject({ active: 0, phase: 'draw' });
    const s = fold(3, act(3, events, plainTurn(0)));
    expect(s.active).toBe(1);
  });

  it('E5 Boat+Boat with the draw pile and both discard piles empty: the effect is skipped', () => {
    const given = playing([boats[0]!, boats[1]!, id('shell'), id('octopus')], { discards: [[], []], deckCount: 0, overflow: 2 });
    S(3).given(...given).when(0, { type: 'playDuo', cards: [boats[0]!, boats[1]!] }).then([{ type: 'DuoPlayed', seat: 0, cards: [boats[0]!, boats[1]!], duo: 'boat', effect: false }]);
  });

  it('§3 Fish+Fish: take the top card of the draw pile into the hand, privately', () => {
    const top = id('octopus', 'purple');
    const given = playing([fishes[0]!, fishes[1]!], { deckTop: [top] });
    const events = S(3).given(...given).when(0, { type: 'playDuo', cards: [fishes[0]!, fishes[1]!] }).events();
    expect(events).toEqual([
      { type: 'DuoPlayed', seat: 0, cards: [fishes[0], fishes[1]], duo: 'fish', effect: true },
      { type: 'FishDrew', seat: 0, card: top },
    ]);
    expect(game.redact(events[1]!, 1)).toEqual({ type: 'FishDrew', seat: 0, card: null });
    expect(fold(3, [...given, ...events]).hands[0]).toEqual([top]);
  });

  it('E5 Fish+Fish with an empty draw pile: the effect is skipped', () => {
    const given = playing([fishes[0]!, fishes[1]!], { deckCount: 0, overflow: 2 });
    S(3).given(...given).when(0, { type: 'playDuo', cards: [fishes[0]!, fishes[1]!] }).then([{ type: 'DuoPlayed', seat: 0, cards: [fishes[0]!, fishes[1]!], duo: 'fish', effect: false }]);
  });

  it('§3 Shark+Swimmer: choose an opponent and take a random card from their hand', () => {
    const victim = [id('shell'), id('octopus'), id('penguin')];
    const given = position({ seats: 3, hands: [[shark!, swimmer!], victim, [id('lighthouse')]], phase: 'play' });
    const played = act(3, given, [[0, { type: 'playDuo', cards: [shark, swimmer] }]]);
    expect(legal(3, played, 0)).toEqual([{ type: 'chooseOpponent', opponent: 1 }, { type: 'chooseOpponent', opponent: 2 }]);
    const stolen = new Set<number>();
    for (let seed = 0; seed < 30; seed++) {
      const [e] = S(3).given(...played).when(0, { type: 'chooseOpponent', opponent: 1 }, fastRng(seed)).events();
      expect(e).toMatchObject({ type: 'Stole', seat: 0, from: 1, victimRevealed: false });
      stolen.add((e as { card: number }).card);
    }
    expect([...stolen].sort((x, y) => x - y)).toEqual(victim);
    const s = S(3).given(...played).when(0, { type: 'chooseOpponent', opponent: 1 }).state();
    expect(s.hands[0]).toHaveLength(1);
    expect(s.hands[1]).toHaveLength(2);
    S(3).given(...played).when(0, { type: 'chooseOpponent', opponent: 0 }).thenRefused('ILLEGAL_MOVE');
  });

  it('E6 Shark+Swimmer targets only opponents with a card in hand; with none the effect is skipped', () => {
    const given = position({ seats: 3, hands: [[shark!, swimmer!], [], []], phase: 'play' });
    S(3).given(...given).when(0, { type: 'playDuo', cards: [shark!, swimmer!] }).then([{ type: 'DuoPlayed', seat: 0, cards: [swimmer!, shark!].sort((x, y) => x - y) as [number, number], duo: 'sharkSwimmer', effect: false }]);
  });

  it('E5 option allowDuoWithoutEffect false: a duo whose effect is impossible may not be played', () => {
    const o = { allowDuoWithoutEffect: false };
    const given = position({ seats: 3, hands: [[shark!, swimmer!, fishes[0]!, fishes[1]!], [], []], phase: 'play', deckCount: 0, overflow: 0 });
    S(3, o).given(...given).when(0, { type: 'playDuo', cards: [shark!, swimmer!] }).thenRefused('ILLEGAL_MOVE', 'impossible');
    S(3, o).given(...given).when(0, { type: 'playDuo', cards: [fishes[0]!, fishes[1]!] }).thenRefused('ILLEGAL_MOVE', 'impossible');
    const duos = (options: Partial<Options>) => legal(3, given, 0, options).flatMap((c) => (c.type === 'playDuo' ? [c.cards.join('+')] : []));
    expect(duos(o)).not.toContain(`${shark}+${swimmer}`);
    expect(duos(o)).not.toContain(`${fishes[0]}+${fishes[1]}`);
    expect(duos({})).toEqual(expect.arrayContaining([`${fishes[0]}+${fishes[1]}`, `${swimmer}+${shark}`]));
  });
});

/** Seat `caller` (the active seat, Phase 2) holds SEVEN; the others hold what `hands` says. */
const callPosition = (seats: number, caller: number, hands: number[][], extra: Partial<Position> = {}): Event[] =>
  position({ seats, active: caller, hands: hands.map((h, i) => (i === caller ? SEVEN : h)), phase: 'play', ...extra });

describe('§3 Phase 3: calling the end of the round', () => {
  it('E7 calling needs at least 7 card points (hand and played area)', () => {
    const six = position({ seats: 2, hands: [SIX, []], phase: 'play' });
    S(2).given(...six).when(0, { type: 'stop' }).thenRefused('ILLEGAL_MOVE', '7 card points');
    S(2).given(...six).when(0, { type: 'lastChance' }).thenRefused('ILLEGAL_MOVE', '7 card points');
    expect(legal(2, six, 0)).toEqual([{ type: 'endTurn' }]);
    const sevenWithPlayed = position({ seats: 2, hands: [SIX, []], played: [crabs.slice(0, 2), []], phase: 'play' });
    expect(legal(2, sevenWithPlayed, 0)).toEqual([{ type: 'endTurn' }, { type: 'stop' }, { type: 'lastChance' }]);
  });

  it('§3 Phase 3 the player may also not call: the turn passes left', () => {
    const given = callPosition(3, 2, [[], [], []]);
    expect(S(3).given(...given).when(2, { type: 'endTurn' }).events()).toEqual([{ type: 'TurnEnded', seat: 2, next: 0 }]);
  });

  it('§3 STOP: the round ends at once, all hands are revealed and every player scores their card points, no colour bonus', () => {
    const other = [id('octopus', 'lightBlue'), id('octopus', 'yellow'), id('penguin', 'lightOrange'), id('shell', 'lightBlue')];
    const given = callPosition(2, 0, [[], other], { starter: 1 });
    const events = S(2).given(...given).when(0, { type: 'stop' }).events();
    expect(types(events)).toEqual(['Called', 'TurnEnded', 'RoundEnded', 'RoundStarted']);
    expect(events[0]).toEqual({ type: 'Called', seat: 0, call: 'STOP', hand: [...SEVEN].sort((a, b) => a - b) });
    expect(events[2]).toMatchObject({ reason: 'STOP', caller: 0, betWon: null, cardPoints: [7, 4], colourBonus: [2, 2], scores: [7, 4], totals: [7, 4], nextStarter: 1 });
    expect((events[2] as { hands: number[][] }).hands[1]).toEqual([...other].sort((a, b) => a - b));
  });

  it('§4.2 Example F (2 players, P1 7 points, P2 4): STOP scores 7 and 4; LAST CHANCE scores 7 + 2 (yellow) = 9 and 2 (light blue)', () => {
    const p2 = [id('octopus', 'lightBlue'), id('octopus', 'yellow'), id('penguin', 'lightOrange'), id('shell', 'lightBlue')];
    const given = callPosition(2, 0, [[], p2], { deckTop: [id('captain'), id('lighthouse')] });
    const stop = S(2).given(...given).when(0, { type: 'stop' }).state();
    expect(stop.lastRound!.scores).toEqual([7, 4]);
    const { state, events } = after(2, { seats: 2, hands: [SEVEN, p2], phase: 'play', deckTop: [id('captain'), id('lighthouse')] }, [
      [0, { type: 'lastChance' }],
      [1, { type: 'draw' }],
      [1, { type: 'keep', card: id('captain'), pile: 0 }],
      [1, { type: 'endTurn' }],
    ]);
    expect(events.find((e) => e.type === 'RoundEnded')).toMatchObject({ reason: 'LAST_CHANCE', betWon: true, cardPoints: [7, 4], colourBonus: [2, 2], scores: [9, 2] });
    expect(state.totals).toEqual([9, 2]);
  });

  it('§3 LAST CHANCE: every other player, clockwise from the caller\'s left, takes one final turn; then the round is scored', () => {
    const given = callPosition(4, 1, [[], [], [], []]);
    const called = act(4, given, [[1, { type: 'lastChance' }]]);
    const s = fold(4, called);
    expect(s.call).toMatchObject({ kind: 'LAST_CHANCE', caller: 1 });
    expect(s.finalTurns).toEqual([2, 3, 0]);
    expect(s.active).toBe(2);
    expect(s.revealed).toEqual([false, true, false, false]);
    const done = act(4, called, [...plainTurn(2), ...plainTurn(3), ...plainTurn(0)]);
    const turns = done.slice(called.length).flatMap((e): (number | string | null)[] => (e.type === 'TurnEnded' ? [e.next] : e.type === 'RoundEnded' ? ['end'] : []));
    expect(turns).toEqual([3, 0, null, 'end']);
    expect(called.at(-1)).toEqual({ type: 'TurnEnded', seat: 1, next: 2 });
    expect(done.at(-1)).toMatchObject({ type: 'RoundStarted', starter: 2 });
  });

  it('E8 nobody may call during a LAST CHANCE final turn, nor call twice in a round', () => {
    const seven1 = position({ seats: 2, hands: [[...SEVEN], [id('octopus', 'lightBlue'), id('octopus', 'yellow'), id('octopus', 'purple')]], phase: 'play' });
    const called = act(2, seven1, [[0, { type: 'lastChance' }], [1, { type: 'takeDiscard', pile: 0 }]]);
    expect(fold(2, called).hands[1]).toHaveLength(4);
    S(2).given(...called).when(1, { type: 'stop' }).thenRefused('ILLEGAL_MOVE', 'already been called');
    expect(legal(2, called, 1).some((c) => c.type === 'stop' || c.type === 'lastChance')).toBe(false);
  });

  it('§3 LAST CHANCE bet lost: the caller scores only their colour bonus, the others their card points', () => {
    const rich = [id('octopus', 'lightBlue'), id('octopus', 'yellow'), id('octopus', 'purple')]; // 6 points, colour bonus 1
    const { events } = after(2, { seats: 2, hands: [SEVEN, [...rich, id('penguin', 'lightOrange'), id('penguinColony')]], phase: 'play' }, [
      [0, { type: 'lastChance' }],
      ...plainTurn(1),
    ]);
    // seat 1: octopus ×3 = 6, penguin 1, colony 2 → 9 (+ whatever was kept)
    const end = events.find((e) => e.type === 'RoundEnded') as Extract<Event, { type: 'RoundEnded' }>;
    expect(end.betWon).toBe(false);
    expect(end.scores).toEqual([end.colourBonus![0], end.cardPoints![1]]);
    expect(end.cardPoints![1]).toBeGreaterThan(7);
  });

  it('E11 LAST CHANCE tie between the caller and an opponent: the caller wins the bet', () => {
    const seven = [id('octopus', 'lightBlue'), id('octopus', 'yellow'), id('octopus', 'purple'), id('penguin', 'lightOrange')];
    const { events } = after(2, { seats: 2, hands: [SEVEN, seven], phase: 'play', deckTop: [id('shell', 'darkBlue'), id('shell', 'black')] }, [[0, { type: 'lastChance' }], ...plainTurn(1)]);
    expect(events.find((e) => e.type === 'RoundEnded')).toMatchObject({ cardPoints: [7, 7], betWon: true, scores: [9, 1] });
  });

  it('§3 LAST CHANCE (lastChanceRevealTiming AFTER_OWN_FINAL_TURN): each hand is revealed and protected right after its final turn', () => {
    const given = callPosition(3, 0, [[], [id('shell')], [id('octopus')]]);
    const events = act(3, given, [[0, { type: 'lastChance' }], ...plainTurn(1)]);
    const revealed = events.at(-2)!;
    expect(revealed).toMatchObject({ type: 'HandRevealed', seat: 1 });
    const s = fold(3, events);
    expect(s.revealed).toEqual([true, true, false]);
    expect(game.view(s, 2).players[1]!.hand).not.toBeNull();
    expect(game.view(s, 2).players[1]!.protected).toBe(true);
  });

  it('§3 LAST CHANCE option lastChanceRevealTiming AT_ROUND_END: the other hands stay hidden (and attackable) until the round ends', () => {
    const o = { lastChanceRevealTiming: 'AT_ROUND_END' } as const;
    const given = callPosition(3, 0, [[], [id('shell')], [shark!, swimmer!]]);
    const events = act(3, given, [[0, { type: 'lastChance' }], ...plainTurn(1), [2, { type: 'draw' }], [2, keepFirst], [2, { type: 'playDuo', cards: [shark, swimmer] }]], o);
    expect(events.some((e) => e.type === 'HandRevealed')).toBe(false);
    expect(legal(3, events, 2, o)).toEqual([{ type: 'chooseOpponent', opponent: 1 }]);
    const defaults = act(3, given, [[0, { type: 'lastChance' }], ...plainTurn(1), [2, { type: 'draw' }], [2, keepFirst], [2, { type: 'playDuo', cards: [shark, swimmer] }]]);
    expect(defaults.at(-1)).toMatchObject({ type: 'DuoPlayed', effect: false });
  });

  it('§3 LAST CHANCE option callerHandProtected: the caller\'s revealed hand is safe by default, robbable when off', () => {
    const given = callPosition(2, 0, [[], [shark!, swimmer!]]);
    const moves: Parameters<typeof act>[2] = [[0, { type: 'lastChance' }], [1, { type: 'draw' }], [1, keepFirst], [1, { type: 'playDuo', cards: [shark, swimmer] }]];
    expect(act(2, given, moves).at(-1)).toMatchObject({ type: 'DuoPlayed', effect: false });
    const o = { callerHandProtected: false };
    const open = act(2, given, moves, o);
    expect(open.at(-1)).toMatchObject({ type: 'DuoPlayed', effect: true });
    const [stole] = S(2, o).given(...open).when(1, { type: 'chooseOpponent', opponent: 0 }).events();
    expect(stole).toMatchObject({ type: 'Stole', from: 0, victimRevealed: true });
    expect(game.redact(stole!, null)).toEqual(stole);
  });

  it('E19 a Boat extra turn during a LAST CHANCE final turn is part of that final turn', () => {
    const given = callPosition(2, 0, [[], [boats[0]!, boats[1]!]]);
    const events = act(2, given, [[0, { type: 'lastChance' }], [1, { type: 'draw' }], [1, keepFirst], [1, { type: 'playDuo', cards: [boats[0], boats[1]] }]]);
    expect(fold(2, events)).toMatchObject({ active: 1, phase: 'draw', finalTurns: [1] });
    const end = act(2, events, plainTurn(1));
    expect(types(end.slice(events.length))).toEqual(['Drew', 'Kept', 'HandRevealed', 'TurnEnded', 'RoundEnded', 'RoundStarted']);
  });
});

describe('§3 special case: the empty draw pile', () => {
  it('§3 special case: an empty draw pile at the end of a turn with no call ends the round with no scoring', () => {
    const given = position({ seats: 3, hands: [SEVEN, [], []], deckCount: 2, overflow: 1 });
    const events = act(3, given, plainTurn(0));
    const end = events.find((e) => e.type === 'RoundEnded');
    expect(end).toMatchObject({ reason: 'EMPTY_DECK', caller: null, hands: null, scores: [0, 0, 0], totals: [0, 0, 0], nextStarter: 1 });
    expect(events.at(-1)).toMatchObject({ type: 'RoundStarted', round: 2, starter: 1 });
  });

  it('E9 a player who empties the draw pile may still call that turn, and the round is scored', () => {
    const given = position({ seats: 2, hands: [SEVEN, []], deckCount: 2, overflow: 1 });
    const events = act(2, given, [[0, { type: 'draw' }], [0, keepFirst], [0, { type: 'stop' }]]);
    expect(events.find((e) => e.type === 'RoundEnded')).toMatchObject({ reason: 'STOP', scores: [expect.any(Number), expect.any(Number)] });
    expect(fold(2, events).totals[0]).toBeGreaterThanOrEqual(7);
  });

  it('E10 once LAST CHANCE is called an empty draw pile does not end the round; the final turns use the discard piles', () => {
    const given = callPosition(3, 0, [[], [], []], { deckCount: 2, overflow: [1, 2] });
    const events = act(3, given, [[0, { type: 'lastChance' }], ...plainTurn(1)]);
    const s = fold(3, events);
    expect(s.deck).toEqual([]);
    expect(s.active).toBe(2);
    expect(legal(3, events, 2)).toEqual([{ type: 'takeDiscard', pile: 0 }, { type: 'takeDiscard', pile: 1 }]);
    const end = act(3, events, [[2, { type: 'takeDiscard', pile: 0 }], [2, { type: 'endTurn' }]]);
    expect(end.find((e) => e.type === 'RoundEnded')).toMatchObject({ reason: 'LAST_CHANCE' });
  });

  it('E10 option emptyDeckAfterLastChance ROUND_VOID: a final turn that empties the draw pile voids the round', () => {
    const o = { emptyDeckAfterLastChance: 'ROUND_VOID' } as const;
    const given = callPosition(3, 0, [[], [], []], { deckCount: 2, overflow: [1, 2] });
    const events = act(3, given, [[0, { type: 'lastChance' }], ...plainTurn(1)], o);
    expect(events.find((e) => e.type === 'RoundEnded')).toMatchObject({ reason: 'EMPTY_DECK', scores: [0, 0, 0], nextStarter: 2 });
  });

  it.each(['ROUND_CONTINUES', 'ROUND_VOID'] as const)(
    'E9 a LAST CHANCE called on the draw pile the caller just emptied stands (emptyDeckAfterLastChance %s): the others take their final turns, then the round is scored',
    (emptyDeckAfterLastChance) => {
      const o = { emptyDeckAfterLastChance };
      const given = callPosition(3, 0, [[], [], []], { deckCount: 0, overflow: [1, 2] });
      expect(fold(3, given, o).deck).toEqual([]);
      const called = act(3, given, [[0, { type: 'lastChance' }]], o);
      expect(types(called.slice(given.length))).toEqual(['Called', 'TurnEnded']);
      expect(fold(3, called, o)).toMatchObject({ active: 1, finalTurns: [1, 2] });
      const finalTurns: Parameters<typeof act>[2] = [
        [1, { type: 'takeDiscard', pile: 0 }],
        [1, { type: 'endTurn' }],
        [2, { type: 'takeDiscard', pile: 1 }],
        [2, { type: 'endTurn' }],
      ];
      const end = act(3, called, finalTurns, o).slice(called.length);
      expect(types(end)).toEqual(['TookDiscard', 'HandRevealed', 'TurnEnded', 'TookDiscard', 'HandRevealed', 'TurnEnded', 'RoundEnded', 'RoundStarted']);
      expect(end.find((e) => e.type === 'RoundEnded')).toMatchObject({ reason: 'LAST_CHANCE', caller: 0, betWon: expect.any(Boolean) });
    },
  );

  it('§3 special case: a Boat extra turn may begin with an empty draw pile (emptyDeckCheckBeforeBoatExtraTurn false)', () => {
    const given = position({ seats: 2, hands: [[boats[0]!, boats[1]!], []], deckCount: 2, overflow: 1 });
    const events = act(2, given, [[0, { type: 'draw' }], [0, keepFirst], [0, { type: 'playDuo', cards: [boats[0], boats[1]] }]]);
    expect(fold(2, events)).toMatchObject({ active: 0, phase: 'draw', deck: [] });
    expect(legal(2, events, 0)).toEqual([{ type: 'takeDiscard', pile: 0 }, { type: 'takeDiscard', pile: 1 }]);
  });

  it('§3 special case option emptyDeckCheckBeforeBoatExtraTurn true: the round ends unscored before the Boat extra turn', () => {
    const o = { emptyDeckCheckBeforeBoatExtraTurn: true };
    const given = position({ seats: 2, hands: [[boats[0]!, boats[1]!], []], deckCount: 2, overflow: 1 });
    const events = act(2, given, [[0, { type: 'draw' }], [0, keepFirst], [0, { type: 'playDuo', cards: [boats[0], boats[1]] }]], o);
    expect(types(events.slice(-3))).toEqual(['DuoPlayed', 'RoundEnded', 'RoundStarted']);
    expect(events.at(-2)).toMatchObject({ reason: 'EMPTY_DECK', nextStarter: 1 });
  });
});

describe('§4 game end', () => {
  /** A previous round that left these totals. */
  const earlier = (totals: number[]): Event => ({
    type: 'RoundEnded',
    round: 0,
    reason: 'STOP',
    caller: 0,
    betWon: null,
    hands: null,
    played: null,
    cardPoints: null,
    colourBonus: null,
    scores: totals,
    totals,
    nextStarter: 0,
  });

  describe('§4.4 four mermaids win the game at once', () => {
    const three = mermaids.slice(0, 3);
    const fourth = mermaids[3]!;
    const win = { type: 'GameOver', reason: 'FOUR_MERMAIDS', winners: [0], scores: [0, 0] };

    it('E12 the fourth mermaid kept from a draw', () => {
      const drawn = act(2, position({ seats: 2, hands: [three, []], deckTop: [fourth, id('shell')] }), [[0, { type: 'draw' }]]);
      const events = S(2).given(...drawn).when(0, { type: 'keep', card: fourth, pile: 0 }).events();
      expect(events.at(-1)).toEqual(win);
      expect(game.status(S(2).given(...drawn).when(0, { type: 'keep', card: fourth, pile: 0 }).state())).toMatchObject({ over: true, result: { winners: [0] } });
    });

    it('E12 the fourth mermaid taken from a discard pile', () => {
      const events = S(2).given(...position({ seats: 2, hands: [three, []], discards: [[fourth], [id('shell')]] })).when(0, { type: 'takeDiscard', pile: 0 }).events();
      expect(events.at(-1)).toEqual(win);
    });

    it('E12 the fourth mermaid taken with a crab duo', () => {
      const given = position({ seats: 2, hands: [[...three, crabs[0]!, crabs[1]!], []], discards: [[fourth, id('shell')], [id('octopus')]], phase: 'play' });
      const chosen = act(2, given, [[0, { type: 'playDuo', cards: [crabs[0], crabs[1]] }], [0, { type: 'choosePile', pile: 0 }]]);
      expect(S(2).given(...chosen).when(0, { type: 'chooseCard', card: fourth }).events().at(-1)).toEqual(win);
    });

    it('E12 the fourth mermaid drawn with a fish duo', () => {
      const given = position({ seats: 2, hands: [[...three, fishes[0]!, fishes[1]!], []], deckTop: [fourth], phase: 'play' });
      expect(S(2).given(...given).when(0, { type: 'playDuo', cards: [fishes[0]!, fishes[1]!] }).events().at(-1)).toEqual(win);
    });

    it('E12 the fourth mermaid stolen with a shark+swimmer duo', () => {
      const given = position({ seats: 2, hands: [[...three, shark!, swimmer!], [fourth]], phase: 'play' });
      const played = act(2, given, [[0, { type: 'playDuo', cards: [shark, swimmer] }]]);
      expect(S(2).given(...played).when(0, { type: 'chooseOpponent', opponent: 1 }).events().at(-1)).toEqual(win);
    });
  });

  it('§4.4 target: after a scored round that brings someone to the target the game ends; the highest total wins', () => {
    const given = [earlier([33, 36]), ...callPosition(2, 0, [[], [id('shell')]])];
    const events = S(2).given(...given).when(0, { type: 'stop' }).events();
    expect(types(events)).toEqual(['Called', 'TurnEnded', 'RoundEnded', 'GameOver']);
    expect(events.at(-1)).toEqual({ type: 'GameOver', reason: 'TARGET', winners: [0], scores: [40, 36] });
  });

  it('§4.4 target option: the game ends when a total reaches targetScore', () => {
    const given = callPosition(2, 0, [[], []]);
    expect(S(2, { targetScore: 7 }).given(...given).when(0, { type: 'stop' }).events().at(-1)).toMatchObject({ type: 'GameOver', winners: [0], scores: [7, 0] });
    expect(S(2, { targetScore: 8 }).given(...given).when(0, { type: 'stop' }).events().at(-1)).toMatchObject({ type: 'RoundStarted', round: 2 });
  });

  it('§4.4 a round that ends with no scoring cannot end the game', () => {
    const given = [earlier([45, 10]), ...position({ seats: 2, hands: [[], []], deckCount: 2, overflow: 1 })];
    const events = act(2, given, plainTurn(0));
    expect(events.some((e) => e.type === 'GameOver')).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'RoundStarted', round: 2 });
  });

  it('§4.4 tie-break LAST_TO_PLAY (default): after STOP the caller, who played the last turn, wins the tie', () => {
    const given = [earlier([33, 40]), ...callPosition(2, 0, [[], [id('shell')]])];
    expect(S(2).given(...given).when(0, { type: 'stop' }).events().at(-1)).toEqual({ type: 'GameOver', reason: 'TARGET', winners: [0], scores: [40, 40] });
  });

  it('§4.4 tie-break LAST_TO_PLAY after LAST CHANCE: the tied players rank by their last turn, the caller earliest', () => {
    // Seat 0 calls with 7 and loses the bet: seat 1 ends with 9 (octopus ×3, penguin ×2), seat 2 with 8 (shell ×5).
    const hands = [SEVEN, [...ids('octopus').slice(0, 3), id('penguin', 'lightOrange'), id('penguin', 'lightPink')], ids('shell').slice(0, 5)];
    const given = [earlier([0, 30, 31]), ...position({ seats: 3, hands, phase: 'play', deckTop: [id('lighthouse'), id('shoalOfFish'), id('captain'), id('penguinColony')] })];
    const moves = [[0, { type: 'lastChance' }], ...plainTurn(1), ...plainTurn(2)] satisfies Parameters<typeof act>[2];
    const events = act(3, given, moves);
    expect(events.findLast((e) => e.type === 'RoundEnded')).toMatchObject({ betWon: false, cardPoints: [7, 9, 8], scores: [2, 9, 8], totals: [2, 39, 39] });
    expect(events.at(-1)).toEqual({ type: 'GameOver', reason: 'TARGET', winners: [2], scores: [2, 39, 39] });
    expect(act(3, given, moves, { tieBreak: 'LAST_ROUND_POINTS' }).at(-1)).toMatchObject({ winners: [1] });
    const s = fold(3, events);
    expect(s.lastTurn[2]).toBeGreaterThan(s.lastTurn[1]!);
    expect(s.lastTurn[1]).toBeGreaterThan(s.lastTurn[0]!);
  });

  it('§4.4 tie-break option LAST_ROUND_POINTS: the tied player who scored most in the final round wins', () => {
    const eight = [id('octopus', 'lightBlue'), id('octopus', 'yellow'), id('penguin', 'lightOrange'), id('penguin', 'lightPink'), id('penguinColony')]; // 3 + 3 + 4 = 10
    const given = [earlier([33, 30]), ...callPosition(2, 0, [[], eight])];
    const o = { tieBreak: 'LAST_ROUND_POINTS' } as const;
    expect(S(2, o).given(...given).when(0, { type: 'stop' }).events().at(-1)).toEqual({ type: 'GameOver', reason: 'TARGET', winners: [1], scores: [40, 40] });
    expect(S(2).given(...given).when(0, { type: 'stop' }).events().at(-1)).toMatchObject({ winners: [0] });
  });
});

describe('§2.4 the next round\'s first player', () => {
  it('§2.4 after STOP or LAST CHANCE the next round starts with the player left of the caller', () => {
    const stop = act(4, callPosition(4, 2, [[], [], [], []]), [[2, { type: 'stop' }]]);
    expect(stop.at(-1)).toMatchObject({ type: 'RoundStarted', round: 2, starter: 3 });
    expect(fold(4, stop).active).toBe(3);
    const last = act(3, callPosition(3, 2, [[], [], []]), [[2, { type: 'lastChance' }], ...plainTurn(0), ...plainTurn(1)]);
    expect(last.at(-1)).toMatchObject({ type: 'RoundStarted', starter: 0 });
  });

  it('§2.4 step 4 after an empty draw pile the next round starts left of the player whose turn emptied it', () => {
    const events = act(3, position({ seats: 3, active: 1, hands: [[], [], []], deckCount: 2, overflow: 0 }), plainTurn(1));
    expect(events.at(-1)).toMatchObject({ type: 'RoundStarted', starter: 2 });
  });

  it('§2.4 option emptyDeckNextStarter LEFT_OF_PREVIOUS_STARTER: the first player simply moves left', () => {
    const o = { emptyDeckNextStarter: 'LEFT_OF_PREVIOUS_STARTER' } as const;
    const events = act(3, position({ seats: 3, starter: 0, active: 1, hands: [[], [], []], deckCount: 2, overflow: 0 }), plainTurn(1), o);
    expect(events.at(-1)).toMatchObject({ type: 'RoundStarted', starter: 1 });
  });
});
