/**
 * Non-interference (§5): two histories that differ only in what a seat cannot know look the
 * same to it: its view, its legal moves, its status and its redacted history. For every seat
 * count and every seat (and a spectator): another hand, the set-aside cards (2p), a pending
 * hidden rotation choice, a scouted card's orientation, a hidden insert position.
 */
import { describe, expect, it } from 'vitest';
import { fastRng, table } from '../../../services/engine/core/index.js';
import type { Command } from '../../../services/engine/games/scout/commands.js';
import type { RoundDealt } from '../../../services/engine/games/scout/events.js';
import type { Options } from '../../../services/engine/games/scout/options.js';
import { expectIndistinguishable, observe } from '../../kit/playthrough.js';
import { scout } from './fixtures.js';
import { append, seated, type History } from './history.js';

const t = table(scout);

const dealt = (seats: number, options: Partial<Options>) => seated(t, seats, options, 'non-interference');

/** The same history with the deal changed by `f` (hidden parts only). */
function redealt(h: History, f: (deal: RoundDealt) => RoundDealt): History {
  const events = h.events.map((e) => (e.type === 'RoundDealt' ? f(structuredClone(e) as RoundDealt) : e));
  return { events, state: t.fold(events) };
}

const move = (h: History, seat: number, m: Command) => append(t, h, t.decide(h.state, { type: 'move', seat, move: m }));

/** Every seat keeps its hand; play begins. */
function rotateAll(h: History, except: number | null = null): History {
  for (let seat = 0; seat < h.state.seats; seat++) if (seat !== except) h = move(h, seat, { type: 'rotate', rotate: false });
  return h;
}

const seatCounts = [2, 3, 4, 5];
/** Each observer with the seat after it (whose secret varies) and the one after that. */
const cases = seatCounts.flatMap((seats) =>
  [...Array.from({ length: seats }, (_, o) => o), null].map((observer) => {
    const first = observer ?? 0;
    return { seats, observer, first, x: (first + 1) % seats, y: (first + 2) % seats };
  }),
);
const name = ({ seats, observer }: { seats: number; observer: number | null }) => `${seats} seats, observer ${observer ?? 'spectator'}`;

describe('non-interference', () => {
  it.each(cases.map((c) => [name(c), c] as const))('another hand and the deck order (%s)', (_, { seats, observer, first, x, y }) => {
    const a = dealt(seats, { startSeat: first });
    const b = redealt(a, (deal) => {
      if (seats === 2) {
        // The opponent's card and a set-aside card trade places; the set-aside order changes.
        const hand = deal.hands[x]!;
        const aside = deal.setAside!;
        [hand[0], aside[0]] = [aside[0]!, hand[0]!];
        aside.reverse();
      } else {
        [deal.hands[x], deal.hands[y]] = [deal.hands[y]!, deal.hands[x]!];
        deal.hands[y] = deal.hands[y]!.reverse().map((c) => ({ ...c, up: c.up === c.lo ? c.hi : c.lo }));
      }
      return deal;
    });
    const play = (h: History) => move(move(rotateAll(h), first, { type: 'show', from: 0, to: 0 }), x, { type: 'scout', end: 'left', flip: false, at: 0 });
    expectIndistinguishable(scout, a.events, b.events, observer);
    expectIndistinguishable(scout, play(a).events, play(b).events, observer);
  });

  it.each(cases.map((c) => [name(c), c] as const))('a hidden rotation choice, pending and made (%s)', (_, { seats, observer, first, x }) => {
    const base = dealt(seats, { startSeat: first });
    const a = move(base, x, { type: 'rotate', rotate: true });
    const b = move(base, x, { type: 'rotate', rotate: false });
    expectIndistinguishable(scout, a.events, b.events, observer);
    const all = (h: History) => move(rotateAll(h, x), first, { type: 'show', from: 0, to: 0 });
    expectIndistinguishable(scout, all(a).events, all(b).events, observer);
  });

  it.each(cases.map((c) => [name(c), c] as const))("a scouted card's orientation (%s)", (_, { seats, observer, first, x }) => {
    const shown = move(rotateAll(dealt(seats, { startSeat: first })), first, { type: 'show', from: 0, to: 0 });
    const a = move(shown, x, { type: 'scout', end: 'left', flip: true, at: 2 });
    const b = move(shown, x, { type: 'scout', end: 'left', flip: false, at: 2 });
    expectIndistinguishable(scout, a.events, b.events, observer);
  });

  it.each(seatCounts)('a hidden insert position with hideScoutInsertPosition (%i seats); public without it', (seats) => {
    for (const hide of [true, false]) {
      const shown = move(rotateAll(dealt(seats, { startSeat: 0, hideScoutInsertPosition: hide })), 0, { type: 'show', from: 0, to: 0 });
      const a = move(shown, 1, { type: 'scout', end: 'left', flip: true, at: 0 });
      const b = move(shown, 1, { type: 'scout', end: 'left', flip: true, at: 5 });
      for (const observer of [0, null, ...(seats > 2 ? [2] : [])]) {
        if (hide) expectIndistinguishable(scout, a.events, b.events, observer);
        else expect(observe(scout, a.events, observer)).not.toEqual(observe(scout, b.events, observer));
      }
    }
  });

  it('§5 redaction: a deal shows a seat its own hand only, the set-aside cards to nobody', () => {
    const deal = dealt(2, {}).events.find((e) => e.type === 'RoundDealt') as RoundDealt;
    const mine = scout.redact(deal, 1) as RoundDealt;
    expect(mine.hands[0]).toBeNull();
    expect(mine.hands[1]).toEqual(deal.hands[1]);
    expect(mine).toMatchObject({ setAside: null, setAsideCount: 22, handSizes: [11, 11] });
    expect((scout.redact(deal, null) as RoundDealt).hands).toEqual([null, null]);
  });

  it('§5 refusals never name a card: every refusal message is free of numbers', () => {
    const rng = fastRng(9);
    const messages = new Set<string>();
    for (const seats of seatCounts) {
      let s = scout.initialState({ seats, options: scout.options.parse({ twoPlayerAllowPass: seats === 2 }) });
      s = scout.start(s, rng).reduce(scout.evolve, s);
      for (let n = 0; n < 150 && !scout.status(s).over; n++) {
        // A few random (mostly illegal) commands from random seats, then a legal move.
        for (let k = 0; k < 6; k++) {
          const at = rng.int(14);
          const tries: Command[] = [
            { type: 'show', from: at, to: at + rng.int(4) - 1 },
            { type: 'scout', end: rng.int(2) ? 'left' : 'right', flip: rng.int(2) === 1, at },
            { type: 'scoutShow', end: 'left', flip: false, at, from: rng.int(5), to: rng.int(5) },
            { type: 'rotate', rotate: true },
            { type: 'pass' },
          ];
          try {
            scout.decide(s, tries[rng.int(tries.length)]!, rng.int(seats), rng);
          } catch (e) {
            messages.add((e as Error).message);
          }
        }
        const seat = scout.status(s).toMove[0]!;
        const moves = scout.legalCommands(s, seat);
        s = scout.decide(s, moves[rng.int(moves.length)]!, seat, rng).reduce(scout.evolve, s);
      }
    }
    expect(messages.size).toBeGreaterThan(8);
    for (const m of messages) expect(m).not.toMatch(/[1-9]/);
  });

  it('the seat itself does see its own secrets (the tests above are not vacuous)', () => {
    const base = dealt(3, { startSeat: 0 });
    const a = move(base, 1, { type: 'rotate', rotate: true });
    const b = move(base, 1, { type: 'rotate', rotate: false });
    expect(observe(scout, a.events, 1)).not.toEqual(observe(scout, b.events, 1));
  });
});
