/**
 * §4.1 #3: the owner names the card a Bodyguard protects when the Bodyguard turns face-up — in
 * anyone's turn, so another player's Revealer or coin does not leave it guarding itself alone
 * until its owner's turn (option bodyguardNaming=whenFaceUp).
 */
import { hasGuards, hasPassive, withPassive } from './protect.js';
import type { Sim } from './sim.js';
import { defOf, type State } from './state.js';

/** The village holding `id`, or -1 (a loop, no callback: asked for each face-up Bodyguard after every move). */
function villageOf(villages: readonly (readonly number[])[], id: number): number {
  for (let r = 0; r < villages.length; r++) if (villages[r]!.includes(id)) return r;
  return -1;
}

/** A standing naming of a card in `row` by the Bodyguard `id`. */
function namesIn(s: State, id: number, row: readonly number[]): boolean {
  for (let i = 0; i < s.guards.length; i++) if (s.guards[i]!.bg === id && row.includes(s.guards[i]!.card)) return true;
  return false;
}

/**
 * The first Bodyguard (in village order) face-up in a village now that was not face-up in a
 * village before the move and names no card there. Looks only at the deck's few Bodyguards.
 */
function firstTurnedUp(before: State, after: State): { seat: number; position: number; id: number } | undefined {
  let first: { seat: number; position: number; id: number } | undefined;
  const ids = withPassive(after, 'guard');
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    // Face-down first, before the definition is looked up: asked after every move.
    if (!after.up[id] || !hasPassive(after, id, 'guard')) continue;
    const seat = villageOf(after.villages, id);
    if (seat < 0) continue;
    const row = after.villages[seat]!;
    if (row.length < 2) continue;
    if (before.up[id] && villageOf(before.villages, id) >= 0) continue;
    if (namesIn(after, id, row)) continue;
    const position = row.indexOf(id);
    if (!first || seat < first.seat || (seat === first.seat && position < first.position)) first = { seat, position, id };
  }
  return first;
}

/** After a move that is done (nothing pending): ask the owner of a Bodyguard that turned face-up to name its card. */
export function askBodyguardNaming(sim: Sim, before: State) {
  const s = sim.state;
  if (s.o.bodyguardNaming !== 'whenFaceUp' || s.phase !== 'play' || s.pending !== null || !hasGuards(s)) return;
  const first = firstTurnedUp(before, s);
  if (!first) return;
  const d = defOf(s, first.id);
  sim.pending({ kind: 'power', seat: first.seat, card: d.number, edition: d.edition, steps: [{ op: 'guard' }], i: 0, own: null, selected: [first.position], then: 'free', drawn: false });
}
