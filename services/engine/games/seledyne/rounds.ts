/**
 * The compact record of rounds that played themselves (`RoundsRolled`). Late in a stage every
 * reserve is empty and most rounds need no one: the round begins, nobody can draw, the dice roll
 * and every turn ends with nothing to play. Stored one event per step that was 3 + seats events a
 * round, about 1 µs each to decide and fold; one event now records the run. Games stored before it
 * hold the older form, which evolve still folds: `expand` gives that form, event for event (the
 * verifier compares records in it), and `eventCount` its length (the table's event count keys the
 * next commit's random stream, so later commits draw what they drew before).
 */
import type { SeledyneEvent } from './events.js';

type E = SeledyneEvent;
export type RoundsRolled = Extract<E, { type: 'RoundsRolled' }>;

/** The events of the older form a `RoundsRolled` stands for, in order. */
export function expandRounds(e: RoundsRolled): E[] {
  const out: E[] = [];
  const seats = e.dice[0]?.length ?? 0;
  for (let r = 0; r < e.dice.length; r++) {
    const startSeat = (e.startSeat + r) % seats;
    out.push({ type: 'RoundEnded', round: e.round + r, startSeat }, { type: 'RoundDrawResolved', draws: [] }, { type: 'Rolled', dice: e.dice[r]! });
    const turns = r === e.dice.length - 1 ? e.turnsEnded : seats;
    for (let k = 0; k < turns; k++) out.push({ type: 'TurnEnded', seat: (startSeat + k) % seats, gifted: false, auto: true });
  }
  return out;
}

export const expand = (e: E): E[] | null => (e.type === 'RoundsRolled' ? expandRounds(e) : null);

/** `expand(e)?.length ?? 1` without building the list. */
export function eventCount(e: E): number {
  if (e.type !== 'RoundsRolled') return 1;
  const rows = e.dice.length;
  const seats = e.dice[0]?.length ?? 0;
  return rows * 3 + (rows - 1) * seats + e.turnsEnded;
}
