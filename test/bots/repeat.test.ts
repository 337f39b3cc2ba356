/** Bots leave a cycle: at a position met before, a move chosen there least often (services/bots/repeat.ts). */
import { describe, expect, it } from 'vitest';
import { botGame } from '../../services/analytics/bot-game.js';
import { botFor } from '../../services/bots/kinds.js';
import { avoidRepeats, botMemory, type RememberingContext } from '../../services/bots/repeat.js';
import { findGame } from '../../services/engine/registry.js';
import { fastRng, type Bot } from '../../services/engine/core/index.js';

const scout = findGame('scout')!;
// `npm run simulate -- --game scout --seats 3 --bots greedy --seed speed-greedy`, game 1037: greedy
// bots showed one card and scouted it back for ever (issue #34). Its seeds, as simulate derived them.
const CYCLE = { seats: 3, seed: '72589b9f25472a847c71010c01403201f66443b1875efd50bc5f29296a61674b', botSeed: 1918409631, now: () => '2026-01-01T00:00:00.000Z' };
const ended = (commits: { events: unknown[] }[]) => commits.at(-1)!.events.some((e) => (e as { type: string }).type === 'GameEnded');

describe('bots avoid repeating a position', () => {
  it('the SCOUT game where three greedy bots cycled for ever now ends, the same way each time', () => {
    const play = () => botGame(scout, { ...CYCLE, bots: [0, 1, 2].map(() => botFor('scout', 'greedy')), maxMoves: 3000 });
    const commits = play();
    expect(ended(commits)).toBe(true);
    expect(commits.length).toBeLessThan(1000);
    expect(JSON.stringify(play())).toBe(JSON.stringify(commits));
  });

  it('without a memory a bot decides as before; with one, at a position met again it plays a move chosen there least often', () => {
    const first: Bot = (_v, legal) => legal[0];
    const bot = avoidRepeats(first);
    const view = { round: 1, phase: 'play', toMove: [0], hand: [1, 2], players: [{ handCount: 2, capturedCount: 0, scoutShowChip: true, knownCards: [] }] };
    const legal = [{ type: 'a' }, { type: 'b' }, { type: 'c' }];
    const context = { game: scout, seat: 0, setup: { seats: 3, options: {} } };
    expect(bot(view, legal, fastRng(1), context)).toBe(legal[0]);
    expect(bot(view, legal, fastRng(1), context)).toBe(legal[0]);
    const memory = botMemory();
    const remembering: RememberingContext = { ...context, memory };
    expect([0, 1, 2, 3].map(() => bot(view, legal, fastRng(1), remembering))).toEqual([legal[0], legal[1], legal[2], legal[0]]);
    expect(bot({ ...view, round: 2 }, legal, fastRng(1), remembering)).toBe(legal[0]); // another position
    expect(bot({ ...view, players: [{ ...view.players[0], scoutShowChip: false }] }, legal, fastRng(1), remembering)).toBe(legal[0]);
  });
});
