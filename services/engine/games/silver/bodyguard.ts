/**
 * §4.1 #3: the owner names the card a Bodyguard protects when the Bodyguard turns face-up — in
 * anyone's turn, so another player's Revealer or coin does not leave it guarding itself alone
 * until its owner's turn (option bodyguardNaming=whenFaceUp).
 */
import { hasGuards, hasPassive } from './protect.js';
import type { Sim } from './sim.js';
import { defOf, type State } from './state.js';

/** Bodyguards face-up in a village now that were not face-up in a village before the move. */
function turnedUp(before: State, after: State): { seat: number; position: number; id: number }[] {
  const out: { seat: number; position: number; id: number }[] = [];
  after.villages.forEach((row, seat) =>
    row.forEach((id, position) => {
      if (!hasPassive(after, id, 'guard') || row.length < 2) return;
      if (before.up[id] && before.villages.some((r) => r.includes(id))) return;
      if (!after.guards.some((g) => g.bg === id && row.includes(g.card))) out.push({ seat, position, id });
    }),
  );
  return out;
}

/** After a move that is done (nothing pending): ask the owner of a Bodyguard that turned face-up to name its card. */
export function askBodyguardNaming(sim: Sim, before: State) {
  const s = sim.state;
  if (s.o.bodyguardNaming !== 'whenFaceUp' || s.phase !== 'play' || s.pending !== null || !hasGuards(s)) return;
  const first = turnedUp(before, s)[0];
  if (!first) return;
  const d = defOf(s, first.id);
  sim.pending({ kind: 'power', seat: first.seat, card: d.number, edition: d.edition, steps: [{ op: 'guard' }], i: 0, own: null, selected: [first.position], then: 'free', drawn: false });
}
