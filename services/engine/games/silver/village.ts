/**
 * Village operations shared by the exchange (§3.7) and the powers: matching, discarding a set
 * lowest-on-top, the Zombie bounce (§4.4), placing the held card.
 */
import { numberOf } from './cards.js';
import { countPassive, hasPassive, isZombie } from './protect.js';
import type { Sim } from './sim.js';
import { bit, defOf, powerOn, PUBLIC, type State } from './state.js';

/** Positions of `seat`'s village that `seat` may exchange, discard or move. */
export function exchangeable(s: State, seat: number): number[] {
  // blocked(s, seat, seat, p, 'modify') for each position, with the own Prince counted once, not per face-up card.
  const out: number[] = [];
  const row = s.villages[seat]!;
  let prince = -1;
  for (let p = 0; p < row.length; p++) {
    const id = row[p]!;
    if (s.amulet === id && s.o.amuletBindsOwner) continue;
    if (s.o.princeBindsOwner && s.up[id]) {
      if (prince < 0) prince = countPassive(s, seat, 'prince') > 0 ? 1 : 0;
      if (prince === 1) continue;
    }
    out.push(p);
  }
  return out;
}

/** Every player knows the card: it is face-up, or was (a bounce, a give, a failed exchange). */
const publicKnown = (s: State, id: number) => s.up[id]! || (s.known[id]! & PUBLIC) !== 0;

/**
 * §4.4: a Zombie every player knows may not be discarded (its bounce is known, so the move would
 * change nothing): it is no target for a single exchange or a discard. What a single seat
 * remembers never decides legality (§8), so only public knowledge counts.
 */
export const knownZombie = (s: State, id: number) => publicKnown(s, id) && isZombie(s, id); // the cheap test first

/**
 * An exchange is possible: a single exchange has a target (an exchangeable card that is not a
 * known Zombie). Without one every exchangeable card is a known Zombie, and any set of them would
 * match with a Zombie lowest: a known bounce. legal.ts lists the single targets themselves.
 */
export function canExchange(s: State, seat: number): boolean {
  const ex = exchangeable(s, seat);
  const row = s.villages[seat]!;
  for (let i = 0; i < ex.length; i++) if (!knownZombie(s, row[ex[i]!]!)) return true;
  return false;
}

/** Every card at `positions` is known to all and the lowest is a Zombie: discarding them all would put it on top. */
export function knownZombieLowest(s: State, seat: number, positions: number[]): boolean {
  if (positions.some((p) => !publicKnown(s, s.villages[seat]![p]!))) return false;
  return isZombie(s, discardOrder(s, seat, positions).at(-1)!);
}

/** A set known to match with a Zombie lowest: that exchange is not allowed (§4.4). */
export function knownBounce(s: State, seat: number, positions: number[]): boolean {
  if (!knownZombieLowest(s, seat, positions)) return false;
  const ids = positions.map((p) => s.villages[seat]![p]!);
  return positions.length === 1 || matches(s, seat, ids, lycansFor(s, seat, ids));
}

/** The Lycans that count for a set (§4.2 #1): those face-up before it is revealed, plus by option those revealed in it. */
function lycansFor(s: State, seat: number, ids: number[]): number {
  const before = countPassive(s, seat, 'plusOne');
  if (!s.o.lycanCountsWhenRevealed) return before;
  const revealed = ids.filter((id) => !s.up[id] && defOf(s, id).passive?.plusOne && powerOn(s, defOf(s, id))).length;
  return before + revealed;
}

/** §3.7 step 2: the match test with Doppelgänger (wild) and Lycan (+1) modifiers. */
export function matches(s: State, seat: number, ids: number[], lycans = countPassive(s, seat, 'plusOne')): boolean {
  // Loops, no lists: asked at every exchange of a set. The wild cards (Doppelgänger) match anything.
  let wild = 0;
  let rest = 0;
  let max = -1;
  for (let i = 0; i < ids.length; i++) {
    if (hasPassive(s, ids[i]!, 'wild')) wild++;
    else {
      rest++;
      max = Math.max(max, numberOf(ids[i]!));
    }
  }
  if (wild > 0 && s.o.doppelganger === 'strictPair' && ids.length !== 2) return false;
  if (rest <= 1) return true;
  let bumps = 0;
  for (let i = 0; i < ids.length; i++) {
    if (hasPassive(s, ids[i]!, 'wild')) continue;
    const v = numberOf(ids[i]!);
    if (v === max - 1) bumps++;
    else if (v !== max) return false;
  }
  return bumps <= lycans;
}

/** Ids of the cards at `positions`, highest value first (the lowest ends on top of the pile). */
export const discardOrder = (s: State, seat: number, positions: number[]) =>
  positions.map((p) => s.villages[seat]![p]!).sort((a, b) => numberOf(b) - numberOf(a) || a - b);

/** §4.4 (zombieUncovered=underPile): a Zombie on top of the pile is never taken; it can only be there alone. */
export const zombieOnTop = (s: State) => s.o.zombieUncovered === 'underPile' && s.discard.length > 0 && isZombie(s, s.discard.at(-1)!);

/** §4.4: a Zombie uncovered on top of the pile (the card above it taken, nothing discarded after) goes under the pile. */
export function buryUncoveredZombie(sim: Sim) {
  const s = sim.state;
  if (s.o.zombieUncovered === 'underPile' && s.hand.length === 0 && s.discard.length > 1 && isZombie(s, s.discard.at(-1)!)) sim.move({ z: 'discard' }, { z: 'bottom' }, 'all');
}

/** Turn every card at `positions` face-up (public), e.g. slid cards or declared cards. */
export function reveal(sim: Sim, seat: number, positions: number[]) {
  // Index loops: the positions may be a listed move's frozen array.
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i]!;
    const id = sim.state.villages[seat]![p]!;
    if (!sim.state.up[id]) sim.emit({ type: 'Flip', s: seat, p, up: true, card: numberOf(id) });
  }
}

/** Turn cards back face-down; their identity stays public (§3.7 step 4). */
export function hide(sim: Sim, seat: number, positions: number[]) {
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i]!;
    const id = sim.state.villages[seat]![p]!;
    if (sim.state.up[id]) sim.emit({ type: 'Flip', s: seat, p, up: false, card: numberOf(id) });
  }
}

/** §4.4: a Zombie that would end on top of the pile goes back face-down, its identity public. */
export function bounce(sim: Sim, seat: number, p: number) {
  reveal(sim, seat, [p]);
  hide(sim, seat, [p]);
}

/**
 * Discards the (revealed) cards at `positions` lowest on top and returns the row indexes where
 * one card can take a vacated place; or null if the lowest is a Zombie (nothing is discarded).
 */
export function discardSet(sim: Sim, seat: number, positions: number[]): number[] | null {
  const ids = discardOrder(sim.state, seat, positions);
  if (isZombie(sim.state, ids[ids.length - 1]!)) {
    hide(sim, seat, positions);
    return null;
  }
  for (const id of ids) sim.move({ z: 'village', s: seat, p: sim.state.villages[seat]!.indexOf(id) }, { z: 'discard' }, 'all');
  const sorted = positions.slice().sort((a, b) => a - b);
  return [...new Set(sorted.map((q, k) => q - k))];
}

/**
 * The held card could not go where it was meant to (a village Zombie bounced): a card taken from
 * the pile goes back on top; any other (drawn, from the display) is discarded instead, its power
 * unused (§4.4), so the display keeps one card per face-up Squire (§4.1 #1). A Zombie may never end
 * on top of the pile: it is added at an end of the village, face-up unless it came from the deck.
 */
export function returnHeld(sim: Sim, seat: number, from: 'deck' | 'display' | 'discard' | 'pile') {
  if (isZombie(sim.state, sim.state.hand[0]!)) return sim.pending({ kind: 'place', seat, slots: null, up: from !== 'deck', penalty: false });
  sim.move({ z: 'hand', i: 0 }, { z: 'discard' }, 'all');
  sim.pending(null);
}

/** The exchange (§3.7) of the held card for the cards at `positions`. */
export function exchange(sim: Sim, seat: number, positions: number[], from: 'deck' | 'display' | 'discard' | 'pile') {
  const up = from !== 'deck';
  const vis = up ? 'all' : seat;
  if (positions.length === 1) {
    const p = positions[0]!;
    if (isZombie(sim.state, sim.state.villages[seat]![p]!)) {
      bounce(sim, seat, p);
      returnHeld(sim, seat, from);
      return;
    }
    sim.move({ z: 'village', s: seat, p }, { z: 'discard' }, 'all');
    sim.move({ z: 'hand', i: 0 }, { z: 'village', s: seat, p }, vis, { up });
    sim.pending(null);
    return;
  }
  // §4.2 #1: the Lycans face-up before the cards are revealed (a Lycan revealed in the set counts only by option).
  const lycansBefore = countPassive(sim.state, seat, 'plusOne');
  reveal(sim, seat, positions);
  const ids = positions.map((p) => sim.state.villages[seat]![p]!);
  if (matches(sim.state, seat, ids, sim.state.o.lycanCountsWhenRevealed ? undefined : lycansBefore)) {
    const slots = discardSet(sim, seat, positions);
    if (slots === null) returnHeld(sim, seat, from);
    else sim.pending({ kind: 'place', seat, slots, up, penalty: false });
    return;
  }
  hide(sim, seat, positions);
  const values = new Set(ids.map(numberOf)).size;
  const critical = sim.state.o.criticalFailure === 'threeCards' ? positions.length >= 3 : values >= 3;
  sim.pending({ kind: 'place', seat, slots: null, up, penalty: critical });
}

/** Puts the held card at row index `at` (a vacated slot or an end), then the penalty card if owed. */
export function place(sim: Sim, seat: number, at: number) {
  const pend = sim.state.pending;
  if (pend?.kind !== 'place') return;
  const x = sim.state.hand[0]!;
  const vis = pend.up || (sim.state.known[x]! & PUBLIC) !== 0 ? 'all' : (sim.state.known[x]! & bit(seat)) !== 0 ? seat : 'none';
  sim.move({ z: 'hand', i: 0 }, { z: 'village', s: seat, p: at }, vis, { up: pend.up });
  if (pend.penalty && sim.state.deck.length > 0) {
    sim.move({ z: 'deck' }, { z: 'hand', i: 0 }, 'none');
    sim.pending({ kind: 'place', seat, slots: null, up: false, penalty: false });
    return;
  }
  sim.pending(null);
}
