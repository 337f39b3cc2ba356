/** Bots leave a cycle: at a position met before, a move chosen there least often (services/bots/repeat.ts). */
import { describe, expect, it } from 'vitest';
import { botGame } from '../../services/analytics/bot-game.js';
import { botFor } from '../../services/bots/kinds.js';
import { avoidRepeats, botMemory, moveKey, POSITION_KEY, type RememberingContext } from '../../services/bots/repeat.js';
import { findGame } from '../../services/engine/registry.js';
import { fastRng, seatedTable, table, type Bot } from '../../services/engine/core/index.js';
import type { ScoutView } from '../../services/engine/games/scout/view.js';

const scout = findGame('scout')!;
// `npm run simulate -- --game scout --seats 3 --bots greedy --seed speed-greedy`, game 1037: greedy
// bots showed one card and scouted it back for ever (issue #34). Its seeds, as simulate derived them.
const CYCLE = { seats: 3, seed: '72589b9f25472a847c71010c01403201f66443b1875efd50bc5f29296a61674b', botSeed: 1918409631, now: () => '2026-01-01T00:00:00.000Z' };
/** A view and copies of it that each differ in one field of the position. */
function twins(v: ScoutView): ScoutView[] {
  const turn = <T extends { up: number; lo: number; hi: number }>(c: T) => ({ ...c, up: c.lo + c.hi - c.up });
  const out = [v, { ...v, myRotation: !v.myRotation }];
  if (v.hand?.length) out.push({ ...v, hand: [turn(v.hand[0]!), ...v.hand.slice(1)] });
  if (v.activeSet) out.push({ ...v, activeSet: { ...v.activeSet, cards: v.activeSet.cards.map(turn) } }, { ...v, activeSet: { ...v.activeSet, owner: v.activeSet.owner + 1 } });
  v.players.forEach((p, i) => {
    const players = (q: Partial<typeof p>) => v.players.map((x, j) => (j === i ? { ...x, ...q } : x));
    if (p.knownCards.length) out.push({ ...v, players: players({ knownCards: p.knownCards.map((k) => ({ ...k, index: k.index === null ? 0 : null })) }) });
    out.push({ ...v, players: players({ scoutShowChip: !p.scoutShowChip }) }, { ...v, players: players({ capturedCount: p.capturedCount + 1 }) });
  });
  return out;
}
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

  it("SCOUT's position key (written by hand) and the move key part positions and moves exactly as their JSON does", () => {
    // The key as it was: JSON of the fields that make a position.
    const jsonKey = (view: unknown) => {
      const v = view as Record<string, unknown> & { players: Record<string, unknown>[] };
      return JSON.stringify([v.round, v.phase, v.toMove, v.hand, v.myRotation, v.consecutiveScouts, v.scoutShowPending, v.activeSet, v.players.map((p) => [p.handCount, p.capturedCount, p.scoutShowChip, p.knownCards])]);
    };
    const pairs = new Map<string, string>();
    const moves = new Map<string, string>();
    const t = table(scout);
    const rng = fastRng(7);
    for (const seats of [2, 3, 5]) {
      for (const options of [{}, { hideScoutInsertPosition: true }]) {
        let s = seatedTable(t, { seats, options, seed: `repeat-key-${seats}` });
        while (!s.ended) {
          const toMove = t.status(s).toMove;
          const seat = toMove[rng.int(toMove.length)]!;
          for (const viewer of toMove) {
            const view = t.view(s, viewer);
            // And its near twins, one field apart: a card turned, a known card moved, the rotation flipped.
            for (const twin of twins(view as ScoutView)) pairs.set(jsonKey(twin), POSITION_KEY.scout!(twin));
          }
          const legal = t.legalMoves(s, seat);
          for (const m of legal) moves.set(JSON.stringify(m), moveKey(m));
          s = t.fold(t.decide(s, { type: 'move', seat, move: legal[rng.int(legal.length)] }), s);
        }
      }
    }
    expect(pairs.size).toBeGreaterThan(500);
    // One hand-made key per JSON key, and no two JSON keys share one.
    expect(new Set(pairs.values()).size).toBe(pairs.size);
    expect(new Set(moves.values()).size).toBe(moves.size);
  });
});
