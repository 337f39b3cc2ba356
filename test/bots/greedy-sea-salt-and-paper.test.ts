/**
 * Sea Salt & Paper's greedy bot: in constructed positions it takes the card worth most, keeps the
 * better of two drawn cards, plays a duo whose effect can happen, crabs the best remembered
 * card, robs the fullest hand and
 * calls STOP only when ahead; over fixed-seed games it clearly beats random bots.
 */
import { winShareAgainstRandom } from '../kit/win-share.js';
import { describe, expect, it } from 'vitest';
import { fastRng } from '../../services/engine/core/index.js';
import { greedySeaSaltAndPaper as greedy } from '../../services/bots/greedy/sea-salt-and-paper.js';
import { GREEDY } from '../../services/bots/greedy/index.js';
import type { Event } from '../../services/engine/games/sea-salt-and-paper/events.js';
import { act, fold, game, id, ids, position, setup, type Position } from '../games/sea-salt-and-paper/helpers.js';

/** The greedy bot's move for the seat to act after `events`. */
function choice(seats: number, events: Event[]) {
  const s = fold(seats, events);
  const seat = game.status(s).toMove[0]!;
  return greedy(game.view(s, seat), game.legalCommands(s, seat), fastRng(1), { game, seat, setup: setup(seats) });
}
const at = (p: Position) => choice(p.seats, position(p));

const [shell1, shell2] = ids('shell');
const [fish1, fish2] = ids('fish');

describe('greedy Sea Salt & Paper: what it prefers', () => {
  it('takes the discard that completes a collection over drawing', () => {
    expect(at({ seats: 2, hands: [[shell1!, id('captain')], [id('octopus')]], discards: [[id('lighthouse')], [shell2!]] })).toEqual({ type: 'takeDiscard', pile: 1 });
  });

  it('draws when no discard adds a point', () => {
    expect(at({ seats: 2, hands: [[shell1!], [id('octopus')]], discards: [[id('lighthouse')], [id('penguinColony')]] })).toEqual({ type: 'draw' });
  });

  it('keeps the drawn card worth more points', () => {
    const p = position({ seats: 2, hands: [[shell1!], [id('octopus')]], discards: [[id('lighthouse')], [id('penguinColony')]], deckTop: [id('captain'), shell2!] });
    expect(choice(2, act(2, p, [[0, { type: 'draw' }]]))).toMatchObject({ type: 'keep', card: shell2 });
  });

  it('plays a duo whose effect can happen', () => {
    expect(at({ seats: 2, hands: [[fish1!, fish2!, id('captain')], [id('octopus')]], phase: 'play' })).toEqual({ type: 'playDuo', cards: [fish1, fish2] });
  });

  it('looks through the pile remembered to hold the best card, and takes it', () => {
    const crabs = ids('crab').slice(0, 2);
    // Pile 1 holds a shell under its top: with the shell in hand it is worth 2 points.
    const p = position({ seats: 2, hands: [[...crabs, shell1!], [id('octopus')]], discards: [[id('lighthouse')], [shell2!, id('penguinColony')]], phase: 'play' });
    const played = act(2, p, [[0, { type: 'playDuo', cards: crabs }]]);
    expect(choice(2, played)).toEqual({ type: 'choosePile', pile: 1 });
    expect(choice(2, act(2, played, [[0, { type: 'choosePile', pile: 1 }]]))).toEqual({ type: 'chooseCard', card: shell2 });
  });

  it('robs the opponent holding the most cards', () => {
    const pair = [ids('shark')[0]!, ids('swimmer')[0]!];
    const p = position({ seats: 3, hands: [pair, [id('captain')], [id('octopus'), id('penguin'), id('sailor')]], phase: 'play' });
    expect(choice(3, act(3, p, [[0, { type: 'playDuo', cards: pair }]]))).toEqual({ type: 'chooseOpponent', opponent: 2 });
  });

  it('calls STOP when its points beat what the others show', () => {
    // Three shells (4) + two sailors (5): 9 card points against one hidden card.
    const hand = [...ids('shell').slice(0, 3), ...ids('sailor').slice(0, 2)];
    expect(at({ seats: 2, hands: [hand, [id('octopus')]], phase: 'play' })).toEqual({ type: 'stop' });
  });

  it('ends its turn instead when another seat shows more', () => {
    const hand = [...ids('shell').slice(0, 3), ...ids('sailor').slice(0, 2)];
    const duos = [...ids('crab').slice(0, 2), ...ids('boat').slice(0, 2), ...ids('fish').slice(0, 2), ...ids('boat').slice(2, 4), ...ids('crab').slice(2, 4)];
    // Five duos shown and nine hidden cards (guessed at half a point each) beat 9.
    const other = [...ids('octopus'), ...ids('penguin'), id('mermaid')];
    expect(at({ seats: 2, hands: [hand, other], played: [[], duos], phase: 'play' })).toEqual({ type: 'endTurn' });
  });

  it('is registered as the greedy bot of the game', () => {
    expect(GREEDY['sea-salt-and-paper']).toBe(greedy);
  });
});


describe('greedy Sea Salt & Paper beats random bots', () => {
  it('2 seats: wins at least 75% of 200 games', () => {
    const wins = greedyWins(2, 200);
    console.log(`greedy vs random, 2 seats: ${wins}/200 won`);
    expect(wins / 200).toBeGreaterThanOrEqual(0.75);
  });
  it('4 seats: wins a clear majority of 100 games (fair share 25%)', () => {
    const wins = greedyWins(4, 100);
    console.log(`greedy vs 3 random, 4 seats: ${wins}/100 won`);
    expect(wins / 100).toBeGreaterThanOrEqual(0.5);
  });
});

/** Games won by greedy at one seat (rotating) against random at the others; a shared win counts its share. */
const greedyWins = (seats: number, games: number) => winShareAgainstRandom(game, greedy, { seats, games, seed: (g) => `greedy-vs-random:${seats}:${g}` }) * games;
