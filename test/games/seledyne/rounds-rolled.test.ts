/**
 * RoundsRolled, the compact record of rounds that played themselves (rounds.ts), against the older
 * form it stands for: on every commit of random games (2–6 seats, option sets that end stages by
 * deadlock, round cap and no legal gift), folding the commit's events as decided and folding their
 * older form (`expand`) from the same state give deep-equal states, and the table's event count
 * (the key of the next commit's random stream) moves by the older form's length. golden.test.ts
 * holds decide to the older form's hashes; test/analytics/verify.test.ts verifies a record the
 * round-by-round engine (0500bb6) wrote. And every turn a run ends could only pass, and the turn it
 * stops at could not (the run answers both from bits made once per run).
 */
import { describe, expect, it } from 'vitest';
import { fastRng, randomBot, seatedTable, table, type TableEvent } from '../../../services/engine/core/index.js';
import type { SeledyneEvent } from '../../../services/engine/games/seledyne/events.js';
import { seledyne } from '../../../services/engine/games/seledyne/index.js';
import type { State } from '../../../services/engine/games/seledyne/state.js';

const VARIANTS: Record<string, object> = {
  defaults: {},
  'random draws, no deadlock check, round cap': { ownerSeesReserve: false, deadlockDetection: false, maxRoundsPerStage: 12 },
  'no legal gift ends, cumulative': { lastRoundTermination: 'NO_LEGAL_GIFT', sixMultipleMode: 'CUMULATIVE', sixRuleRequiresReserveCard: false, sixRuleDecisionMode: 'TURN_ORDER' },
};

const isGame = (e: TableEvent) => e.type !== 'GameCreated' && e.type !== 'SeatTaken' && e.type !== 'GameEnded';

const PASS_ONLY = [{ type: 'pass' }];

/**
 * The run's own decisions, asked of the rules (flow.ts answers them from bits of each seat's hand,
 * made once per run): each turn it ends at a turn's start could only pass, and where it stops
 * inside a row, the seat it stops at has something to play.
 */
function endsOnlyForcedTurns(before: State, e: Extract<SeledyneEvent, { type: 'RoundsRolled' }>, form: SeledyneEvent[]): void {
  let at = before;
  for (const x of form) {
    if (x.type === 'TurnEnded') {
      const legal = seledyne.legalCommands(at, x.seat);
      if (JSON.stringify(legal) !== JSON.stringify(PASS_ONLY)) expect(legal, `seat ${x.seat}'s turn ended for it`).toEqual(PASS_ONLY);
    }
    at = seledyne.evolve(at, x);
  }
  if (e.turnsEnded < e.dice[0]!.length && at.phase === 'turn') {
    const legal = seledyne.legalCommands(at, at.current!);
    expect(legal, `the run stops at seat ${at.current}, which has a move`).not.toEqual(PASS_ONLY);
  }
}

/** Plays one random game; checks every commit; returns how many RoundsRolled it held and how many rounds they stood for. */
function check(seats: number, options: object, seed: number): { compact: number; rounds: number } {
  const t = table(seledyne);
  const rng = fastRng(seed);
  let s = seatedTable(t, { seats, options, seed: `rounds-${seed}` });
  let compact = 0;
  let rounds = 0;
  while (!s.ended) {
    const toMove = t.status(s).toMove;
    const seat = toMove[rng.int(toMove.length)]!;
    const events = t.decide(s, { type: 'move', seat, move: randomBot(undefined, t.legalMoves(s, seat), rng) });
    const older: SeledyneEvent[] = [];
    let now = s.play as State;
    for (const e of events.filter(isGame) as SeledyneEvent[]) {
      const form = seledyne.expand!(e);
      if (form) {
        compact++;
        rounds += (e as Extract<SeledyneEvent, { type: 'RoundsRolled' }>).dice.length;
        endsOnlyForcedTurns(now, e as Extract<SeledyneEvent, { type: 'RoundsRolled' }>, form);
        if (seledyne.eventCount!(e) !== form.length) expect(seledyne.eventCount!(e)).toBe(form.length);
        if (form.some((x) => x.type === 'RoundsRolled')) expect(form.map((x) => x.type)).not.toContain('RoundsRolled');
      } else if (seledyne.eventCount!(e) !== 1) expect(seledyne.eventCount!(e)).toBe(1);
      older.push(...(form ?? [e]));
      now = seledyne.evolve(now, e);
    }
    let was = s.play as State;
    for (const e of older) was = seledyne.evolve(was, e);
    // Compared as JSON (states are plain JSON: they are stored as snapshots); expect explains a difference.
    const nowJson = JSON.stringify(now); // written once for both compares
    if (nowJson !== JSON.stringify(was)) expect(now).toEqual(was);
    const next = t.fold(events, s);
    if (JSON.stringify(next.play) !== nowJson) expect(next.play).toEqual(now);
    const counted = older.length + events.filter((e) => !isGame(e)).length;
    if (next.events - s.events !== counted) expect(next.events - s.events).toBe(counted);
    s = next;
  }
  return { compact, rounds };
}

describe('RoundsRolled folds as the events it stands for', () => {
  for (const [name, options] of Object.entries(VARIANTS))
    it(`${name}: 2 to 6 seats, every commit`, () => {
      let compact = 0;
      let rounds = 0;
      for (let seats = 2; seats <= 6; seats++)
        for (let seed = 1; seed <= 4; seed++) {
          const r = check(seats, options, seed);
          compact += r.compact;
          rounds += r.rounds;
        }
      // not vacuous: runs of several rounds were recorded
      expect(compact).toBeGreaterThan(50);
      expect(rounds).toBeGreaterThan(compact);
    });
});
