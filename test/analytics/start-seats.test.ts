/**
 * Each record names each round's start seat as the game's rules define it (services/analytics/
 * start-seats.ts): every registered game has its reader; a seat the options fix starts round 1;
 * the start seat is who takes the round's first turn, never whoever committed first (SCOUT's
 * simultaneous rotation picks that at random).
 */
import { describe, expect, it } from 'vitest';
import { botGame } from '../../services/analytics/bot-game.js';
import { gameFacts } from '../../services/analytics/record.js';
import { START_SEAT_OF, START_SEAT_TYPES } from '../../services/analytics/start-seats.js';
import { findGame, games } from '../../services/engine/registry.js';

const facts = (game: string, seats: number, k: number, options: unknown = {}) => {
  const commits = botGame(findGame(game)!, { seats, seed: `start-${game}-${k}`, botSeed: k + 1, options });
  return { facts: gameFacts(`g${k}`, commits)!, commits, events: commits.flatMap((c) => c.events as { type: string; [k: string]: any }[]) };
};

describe('start seats', () => {
  it('every registered game names its rounds’ start seats, one per round, each a seat of the game', () => {
    for (const g of games) {
      expect(START_SEAT_OF[g.id], g.id).toBeDefined();
      const { facts: f } = facts(g.id, 3, 1);
      expect(f.startSeats.length, g.id).toBeGreaterThan(0);
      expect(f.startSeats.every((s) => Number.isInteger(s) && s >= 0 && s < 3), g.id).toBe(true);
    }
  });

  it('each reader reads only the event types it lists (the lab skips every other without calling it)', () => {
    for (const g of games) {
      const types = START_SEAT_TYPES[g.id];
      expect(types, g.id).toBeDefined();
      const read = new Set<string>();
      for (const seats of [g.seats.min, g.seats.max]) {
        for (let k = 0; k < 4; k++) {
          for (const e of facts(g.id, seats, k).events) {
            const s = START_SEAT_OF[g.id]!(e);
            if (s !== null && s !== undefined) read.add(e.type);
            if (!types!.includes(e.type)) expect(s ?? null, `${g.id} ${e.type}`).toBeNull();
          }
        }
      }
      // Every listed type is one the reader reads in these games (a list too long is no fault, but would say the reader changed).
      expect([...read].sort(), g.id).toEqual([...types!].sort());
    }
  });

  it('a seat the options fix starts round 1 (SCOUT startSeat, Silver firstStartPlayer, Seledyne designatedStartSeat)', () => {
    for (const seat of [0, 1, 2]) {
      expect(facts('scout', 3, seat, { startSeat: seat }).facts.startSeats[0]).toBe(seat);
      expect(facts('silver', 3, seat, { firstStartPlayer: seat }).facts.startSeats[0]).toBe(seat);
      expect(facts('seledyne', 3, seat, { firstStartPlayer: 'DESIGNATED', designatedStartSeat: seat }).facts.startSeats[0]).toBe(seat);
    }
  });

  it('SCOUT: each round’s start seat takes its first turn and the role passes left; the first commit is a random seat’s rotation, not the start seat', () => {
    let firstCommitIsStart = 0;
    const N = 30;
    for (let k = 0; k < N; k++) {
      const { facts: f, commits, events } = facts('scout', 3, k);
      const began = events.filter((e) => e.type === 'PlayBegan').map((e) => e.player);
      expect(f.startSeats).toEqual(began);
      f.startSeats.forEach((s, i) => expect(s).toBe((f.startSeats[0]! + i) % 3));
      if (commits.find((c) => c.seat !== undefined && (c.command as { type?: string } | undefined)?.type === 'move')!.seat === f.startSeats[0]) firstCommitIsStart++;
    }
    // Whoever commits the simultaneous rotation first is the start seat only by chance (about a third).
    expect(firstCommitIsStart).toBeLessThan(N);
  });

  it('Sea Salt & Paper, Silver and Seledyne: the start seat of every round is the seat that plays its first turn', () => {
    let checked = 0;
    for (let k = 0; k < 5; k++) {
      // Silver: the first TurnStarted after each RoundDealt.
      const silver = facts('silver', 3, k);
      const starts = silver.events.flatMap((e, i, all) => (e.type === 'RoundDealt' ? [all.slice(i).find((x) => x.type === 'TurnStarted')?.seat] : []));
      expect(silver.facts.startSeats).toEqual(starts);
      // Sea Salt & Paper: the first seat to draw or take a discard after each RoundStarted.
      const ssp = facts('sea-salt-and-paper', 3, k);
      const firstActors = ssp.events.flatMap((e, i, all) => (e.type === 'RoundStarted' ? [all.slice(i).find((x) => x.type === 'Drew' || x.type === 'TookDiscard')?.seat] : [])).filter((s) => s !== undefined);
      expect(ssp.facts.startSeats.slice(0, firstActors.length)).toEqual(firstActors);
      // Seledyne: the first turn that ends after each round's start (a stage's start, or RoundEnded).
      // read round by round: a RoundsRolled (rounds that played themselves) written out as the events it stands for
      const sel = facts('seledyne', 3, k);
      const expand = findGame('seledyne')!.expand!;
      const selEvents = sel.events.flatMap((e) => (expand(e) ?? [e]) as typeof sel.events);
      const firstTurns = selEvents.flatMap((e, i, all) => (e.type === 'StageStarted' || e.type === 'RoundEnded' ? [all.slice(i + 1).find((x) => x.type === 'TurnEnded' || x.type === 'StageEnded' || x.type === 'RoundEnded')] : []));
      firstTurns.forEach((t, r) => {
        if (t?.type === 'TurnEnded') expect(t.seat).toBe(sel.facts.startSeats[r]), checked++;
      });
    }
    expect(checked).toBeGreaterThan(0);
  });
});
