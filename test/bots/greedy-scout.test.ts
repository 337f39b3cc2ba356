/**
 * SCOUT's greedy bot: in built positions it plays what it is named after (the strongest Show,
 * a Scout & Show that can show, the Scout that best extends a set, the way up with bigger sets),
 * and over fixed-seed games at one seat it clearly beats random play at the others.
 */
import { winShareAgainstRandom } from '../kit/win-share.js';
import { describe, expect, it } from 'vitest';
import { botGame } from '../../services/analytics/bot-game.js';
import { greedyScout } from '../../services/bots/greedy/scout.js';
import { GREEDY } from '../../services/bots/greedy/index.js';
import { fastRng } from '../../services/engine/core/index.js';
import { dealing, playing, scout, type Position } from '../games/scout/fixtures.js';

const choice = (p: Position, seat: number) =>
  greedyScout(scout.view(p.state, seat), scout.legalCommands(p.state, seat), fastRng(1), { game: scout, seat, setup: { seats: p.seats, options: p.options } });

describe('greedy SCOUT bot: what it prefers', () => {
  it('is the greedy bot registered for scout', () => {
    expect(GREEDY['scout']).toBe(greedyScout);
  });

  it('plays the same game again from the same seeds (deterministic given its rng)', () => {
    const play = () => botGame(scout, { seats: 3, seed: 'again', botSeed: 7, bot: greedyScout, now: () => 'then' }).map((c) => c.command);
    expect(play()).toEqual(play());
  });

  it('shows the strongest set it holds (a run of three over a pair and singles)', () => {
    const p = playing(3, ['7 7 3 4 5 1', '2 6', '8 3'], { start: 0 });
    expect(choice(p, 0)).toEqual({ type: 'show', from: 2, to: 4 });
  });

  it('with no Show, scouts the card where it extends a set most (8 between 7 and 9: a run of three)', () => {
    const p = playing(2, ['8/2 8/3 8/4 1', '7 9 2 5 8 1'], { start: 0 }).play(0, { type: 'show', from: 0, to: 2 });
    expect(choice(p, 1)).toEqual({ type: 'scout', end: 'left', flip: false, at: 1 });
  });

  it('prefers a Scout & Show that can show to a plain Scout', () => {
    const p = playing(3, ['8/2 8/3 8/4 1', '7 9 2 5 8 1', '1 2 3 6 6 9'], { start: 0 }).play(0, { type: 'show', from: 0, to: 2 });
    expect(choice(p, 1)).toMatchObject({ type: 'scoutShow', flip: false, at: 1 });
  });

  it('rotates a hand whose other side holds the bigger sets, and keeps one that is better as it is', () => {
    expect(choice(dealing(3, ['1/4 5/4 9/4', '2', '3']), 0)).toEqual({ type: 'rotate', rotate: true });
    expect(choice(dealing(3, ['4/1 4/5 4/9', '2', '3']), 0)).toEqual({ type: 'rotate', rotate: false });
  });
});


describe('greedy SCOUT bot against random play (fixed seeds)', () => {
  it('2 seats: wins at least 75% of 200 games', () => {
    const share = winShare(2, 200);
    console.log(`greedy vs random, 2 seats: ${(share * 100).toFixed(1)}% of 200 games`);
    expect(share).toBeGreaterThanOrEqual(0.75);
  });

  it('4 seats: wins a clear majority of 100 games (fair share 25%)', () => {
    const share = winShare(4, 100);
    console.log(`greedy vs 3 random, 4 seats: ${(share * 100).toFixed(1)}% of 100 games`);
    expect(share).toBeGreaterThan(0.5);
  });
});

/** Greedy at seat 0, random elsewhere; a shared win counts as a share. */
const winShare = (seats: number, games: number) => winShareAgainstRandom(scout, greedyScout, { seats, games, seed: (g) => `greedy-${seats}-${g}`, seatOf: () => 0 });
