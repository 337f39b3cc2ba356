/**
 * The step interpreter: each effect step lists its legal choices and applies the chosen one.
 * Powers (card data, tokens) are sequences of these steps; a step with a choice waits as a
 * `power` pending for the same seat.
 */
import type { Step, Where } from './cards.js';
import { numberOf } from './cards.js';
import type { Command } from './commands.js';
import { blocked, isZombie, princeProtects } from './protect.js';
import type { Sim } from './sim.js';
import type { Pending, State } from './state.js';
import { bounce, canExchange, discardSet, exchangeable, hide, knownZombie, knownZombieLowest, reveal } from './village.js';
import { CONFIRM, SKIP, guard, numberMove, pile, target } from './moves.js';

export type PowerPending = Extract<Pending, { kind: 'power' }>;

/**
 * The target commands of the cards `ok` accepts in the villages `where` names, at most `limit`
 * (a caller asking only whether there is one stops at the first: no list of every card).
 */
function targets(s: State, seat: number, where: Where, ok: (owner: number, p: number, id: number) => boolean, limit: number): Command[] {
  const out: Command[] = [];
  for (let o = 0; o < s.seats; o++) {
    if (where === 'own' ? o !== seat : where !== 'any' && o === seat) continue;
    const row = s.villages[o]!;
    for (let p = 0; p < row.length; p++) {
      if (!ok(o, p, row[p]!)) continue;
      out.push(target(o, p));
      if (out.length >= limit) return out;
    }
  }
  return out;
}

/**
 * Looter (§4.5): another player's Prince always protects their face-up cards (a card rule); a
 * Bodyguard or the amulet/bullet protect by option (looterExemptsProtected). Your own Prince does not.
 */
const purgeable = (s: State, seat: number, o: number, p: number) => !princeProtects(s, seat, o, p) && (!s.o.looterExemptsProtected || !blocked(s, seat, o, p, 'modify', false));

/**
 * The choices of one step (empty: nothing to choose; automatic steps have none). With a `limit`,
 * the cards of a targeted step are listed only up to it (a skip or confirm still follows): enough
 * to tell whether the step has a choice.
 */
export function stepChoices(s: State, seat: number, step: Step, selected: number[] = [], limit = Infinity): Command[] {
  // Not a named closure: tsx (esbuild keepNames) would name it on every call.
  let out: Command[];
  switch (step.op) {
    case 'look': // a card already looked at in this power is not offered again (Beholder)
      out = targets(s, seat, step.where, (o, p, id) => !s.up[id] && !blocked(s, seat, o, p, 'view') && !(o === seat && selected.includes(p)), limit);
      break;
    case 'flip':
      out = targets(s, seat, step.where, (o, p, id) => (step.from === 'any' || !s.up[id]) && !blocked(s, seat, o, p, 'modify'), limit);
      break;
    case 'swapOwn':
      out = stepChoices(s, seat, { op: 'swapOther', look: false }, [], 1).length ? targets(s, seat, 'own', (o, p) => !blocked(s, seat, o, p, 'modify'), limit) : [];
      break;
    case 'swapOther':
      out = targets(s, seat, 'opponent', (o, p) => !blocked(s, seat, o, p, 'modify'), limit);
      break;
    case 'replaceWithTop': // a known Zombie cannot be discarded: no target (§4.4)
      out = s.deck.length ? targets(s, seat, 'any', (o, p, id) => !blocked(s, seat, o, p, 'modify') && !knownZombie(s, id), limit) : [];
      break;
    case 'fromPile': {
      const can = s.o.masterTake === 'exchange' ? canExchange(s, seat) : !s.turn?.emptyAtStart;
      out = [];
      if (can) for (let index = 0; index < s.discard.length - 1; index++) out.push(pile(index));
      break;
    }
    case 'rotate':
      out = targets(s, seat, 'own', (o, p, id) => !s.rot[id] && !blocked(s, seat, o, p, 'modify'), limit);
      break;
    case 'discardRotated':
      out = targets(s, seat, s.o.curatorScope === 'own' ? 'own' : 'any', (o, p, id) => s.rot[id]! && !blocked(s, seat, o, p, 'modify') && !knownZombie(s, id), limit);
      break;
    case 'purge': {
      const nums = new Set<number>();
      s.villages.forEach((row, o) => row.forEach((id, p) => s.up[id] && purgeable(s, seat, o, p) && nums.add(numberOf(id))));
      out = [...nums].sort((a, b) => a - b).map(numberMove);
      break;
    }
    case 'dump': {
      // §4.4: a Zombie goes only with a lower card: no pick whose every completion is known to leave a Zombie on top.
      const pool = exchangeable(s, seat);
      const need = Math.min(step.count, pool.length);
      out = pool.filter((p) => !selected.includes(p) && completable(s, seat, [...selected, p], need, pool)).map((p) => target(seat, p));
      break;
    }
    case 'declare':
      out = targets(s, seat, 'own', (o, p) => !selected.includes(p) && !blocked(s, seat, o, p, 'modify'), limit);
      if (selected.length > 0) out.push(CONFIRM);
      break;
    case 'discardOwnFaceUp':
      out = targets(s, seat, 'own', (o, p, id) => s.up[id]! && !blocked(s, seat, o, p, 'modify') && !isZombie(s, id), limit);
      break;
    case 'protect':
      out = targets(s, seat, 'own', () => true, limit);
      break;
    case 'guard':
      out = [];
      for (let position = 0; position < s.villages[seat]!.length; position++) if (!selected.includes(position)) out.push(guard(selected[0]!, position));
      break;
    case 'reverse':
    case 'lookTop':
      return [];
  }
  if ('optional' in step && step.optional) out.push(SKIP);
  return out;
}

/** `chosen` can grow to `need` cards of `pool` that are not known to leave a Zombie on top of the pile. */
function completable(s: State, seat: number, chosen: number[], need: number, pool: number[]): boolean {
  if (chosen.length >= need) return !knownZombieLowest(s, seat, chosen);
  return pool.some((q) => !chosen.includes(q) && completable(s, seat, [...chosen, q], need, pool));
}

/** A power can be started: its first step can happen. */
export function usable(s: State, seat: number, steps: Step[]): boolean {
  const first = steps[0];
  if (!first) return false;
  if (first.op === 'reverse') return true;
  if (first.op === 'lookTop') return s.deck.length > 0;
  // A loop, no callback: asked for every face-up power and the token after every move.
  const choices = stepChoices(s, seat, first, NOTHING_SELECTED, 1);
  for (let i = 0; i < choices.length; i++) if (choices[i]!.type !== 'skip' && choices[i]!.type !== 'confirm') return true;
  return false;
}

/** No card selected yet (stepChoices only reads it). */
const NOTHING_SELECTED: number[] = [];

/** Runs automatic steps and stops at the first step with a choice (or finishes the power). */
export function runSteps(sim: Sim, pend: PowerPending) {
  let p = pend;
  while (p.i < p.steps.length) {
    const step = p.steps[p.i]!;
    if (step.op === 'reverse') {
      const dir = (sim.state.dir === 1 ? -1 : 1) as 1 | -1;
      const skip = sim.state.seats === 2 && (p.card < 0 || sim.state.o.reverserTwoPlayer === 'skip');
      sim.emit({ type: 'Reversed', seat: p.seat, direction: dir, skip });
    } else if (step.op === 'lookTop') {
      if (sim.state.deck.length === 0) break;
      sim.emit({ type: 'Saw', seat: p.seat, at: 'deck', card: numberOf(sim.state.deck[sim.state.deck.length - 1]!) });
    } else {
      const choices = stepChoices(sim.state, p.seat, step, p.selected, 1);
      let choose = false;
      for (let i = 0; i < choices.length && !choose; i++) choose = choices[i]!.type !== 'skip';
      if (choose) {
        sim.pending(p);
        return;
      }
    }
    p = power(p, p.i + 1, p.own, p.selected);
  }
  sim.pending(null);
}

/** On to the power's next step (a module function: a closure per call costs under tsx's keepNames). */
const nextStep = (sim: Sim, pend: PowerPending, own = pend.own, selected = pend.selected) => runSteps(sim, power(pend, pend.i + 1, own, selected));

/** The power step with these fields changed: a literal in the pending's key order (an object spread of it is slow). */
const power = (p: PowerPending, i: number, own: number | null, selected: number[]): PowerPending => ({
  kind: 'power',
  seat: p.seat,
  card: p.card,
  edition: p.edition,
  steps: p.steps,
  i,
  own,
  selected,
  then: p.then,
  drawn: p.drawn,
});

/** Applies a choice of the current power step. */
export function applyStep(sim: Sim, c: Command) {
  const pend = sim.state.pending as PowerPending;
  const seat = pend.seat;
  const step = pend.steps[pend.i]!;
  if (c.type === 'skip') return nextStep(sim, pend);
  if (c.type === 'number') return purge(sim, seat, c.value), nextStep(sim, pend);
  if (c.type === 'pile') {
    sim.move({ z: 'pile', i: c.index }, { z: 'hand', i: 0 }, 'all');
    if (sim.state.o.masterTake === 'exchange') sim.pending({ kind: 'hold', seat, from: 'pile', slid: [], must: true });
    else sim.pending({ kind: 'place', seat, slots: null, up: true, penalty: false });
    return;
  }
  if (c.type === 'confirm') return resolveSelection(sim, pend, pend.selected);
  if (c.type === 'guard') return sim.emit({ type: 'Guarded', s: seat, bodyguard: c.bodyguard, p: c.position }), nextStep(sim, pend);
  if (c.type !== 'target') return;
  const { seat: o, position: p } = c;
  const id = sim.state.villages[o]![p]!;
  switch (step.op) {
    case 'look':
      sim.emit({ type: 'Saw', seat, at: { s: o, p }, card: numberOf(id) });
      return nextStep(sim, pend, pend.own, o === seat ? [...pend.selected, p] : pend.selected);
    case 'flip':
      sim.emit({ type: 'Flip', s: o, p, up: !sim.state.up[id], card: numberOf(id) });
      return nextStep(sim, pend);
    case 'swapOwn':
      return nextStep(sim, pend, p);
    case 'swapOther': {
      const own = pend.own!;
      sim.emit({ type: 'Swap', a: { s: seat, p: own }, b: { s: o, p } });
      if (step.look === true || (step.look === 'option' && sim.state.o.masterThiefLooks)) sim.emit({ type: 'Saw', seat, at: { s: seat, p: own }, card: numberOf(id) });
      return nextStep(sim, pend);
    }
    case 'replaceWithTop':
      if (isZombie(sim.state, id)) bounce(sim, o, p);
      else {
        sim.move({ z: 'village', s: o, p }, { z: 'discard' }, 'all');
        sim.move({ z: 'deck' }, { z: 'village', s: o, p }, seat, { up: false });
      }
      return nextStep(sim, pend);
    case 'rotate':
      sim.emit({ type: 'Rotated', s: o, p });
      return nextStep(sim, pend);
    case 'discardRotated':
    case 'discardOwnFaceUp':
      if (isZombie(sim.state, id)) bounce(sim, o, p);
      else sim.move({ z: 'village', s: o, p }, { z: 'discard' }, 'all');
      return nextStep(sim, pend);
    case 'protect':
      sim.emit({ type: 'AmuletPlaced', s: o, p });
      return nextStep(sim, pend);
    case 'dump': {
      const selected = [...pend.selected, p];
      const need = Math.min(step.count, exchangeable(sim.state, seat).length);
      if (selected.length >= need) return resolveSelection(sim, pend, selected);
      return sim.pending(power(pend, pend.i, pend.own, selected));
    }
    case 'declare':
      return sim.pending(power(pend, pend.i, pend.own, [...pend.selected, p]));
    default:
      return;
  }
}

/** Approximator / Cleaner: the drawn card replaces the chosen cards face-up, or (Cleaner, wrong) is added. */
function resolveSelection(sim: Sim, pend: PowerPending, selected: number[]) {
  const step = pend.steps[pend.i]!;
  const seat = pend.seat;
  reveal(sim, seat, selected);
  const ok = step.op !== 'declare' || selected.every((p) => numberOf(sim.state.villages[seat]![p]!) >= step.min);
  if (!ok) {
    hide(sim, seat, selected);
    return sim.pending({ kind: 'place', seat, slots: null, up: true, penalty: false });
  }
  const slots = discardSet(sim, seat, selected);
  if (slots === null) {
    sim.move({ z: 'hand', i: 0 }, { z: 'discard' }, 'all');
    return sim.pending(null);
  }
  sim.pending({ kind: 'place', seat, slots, up: true, penalty: false });
}

/** Looter (§4.5): own village first, then the others; each removed card is replaced from the deck. */
function purge(sim: Sim, seat: number, value: number) {
  const step = sim.state.o.looterOrder === 'clockwise' ? 1 : sim.state.dir;
  for (let k = 0; k < sim.state.seats; k++) {
    const o = (seat + step * k + sim.state.seats * 2) % sim.state.seats;
    for (let p = 0; p < sim.state.villages[o]!.length; ) {
      const id = sim.state.villages[o]![p]!;
      if (!sim.state.up[id] || numberOf(id) !== value || !purgeable(sim.state, seat, o, p)) {
        p++;
        continue;
      }
      sim.move({ z: 'village', s: o, p }, { z: 'bottom' }, 'all');
      if (sim.state.deck.length > 0) {
        sim.move({ z: 'deck' }, { z: 'village', s: o, p }, 'none', { up: false });
        p++;
      } else if (sim.state.o.looterDeckOut === 'stop') return;
    }
  }
}
