/**
 * legalCommands: every move the seat may make now (small lists: compound actions are steps).
 * `decide` accepts exactly these (plus an exchange naming its whole set at once).
 */
import type { Command } from './commands.js';
import { scoreChoices, TOKEN_STEPS } from './flow.js';
import { stepChoices, usable } from './powers.js';
import { blocked, fuActive, hasPassive, isZombie } from './protect.js';
import { copyState, defOf, powerOn, type Pending, type State } from './state.js';
import { canExchange, exchangeable, knownBounce, knownZombie, zombieOnTop } from './village.js';
import { CALL, CONFIRM, DISCARD, DRAW, END, EXCHANGE_MARKED, PLACE_AT_END, POWER, SKIP, TAKE, TOKEN, activate, drawDisplay, exchangeOne, give, guard, keep, peek, placeAt, seatMove, slide, target, unslide } from './moves.js';

export function toMove(s: State): number[] {
  switch (s.phase) {
    case 'peek': {
      // Loops: asked at every move of the peek (status, the legal list, the view).
      if (s.o.simultaneousPeek) {
        const open: number[] = [];
        for (let i = 0; i < s.peeked.length; i++) if (!s.peeked[i]) open.push(i);
        return open;
      }
      for (let k = 0; k < s.seats; k++) if (!s.peeked[(s.start + k) % s.seats]) return [(s.start + k) % s.seats];
      return [];
    }
    case 'commander':
    case 'scoring':
      return s.pending ? [s.pending.seat] : [];
    case 'play': // a pending step may be another seat's (naming a Bodyguard's card, §4.1 #3)
      return s.pending ? [s.pending.seat] : s.turn ? [s.turn.seat] : [];
    default:
      return [];
  }
}

/** `toMove(s).includes(seat)` without the list (asked at every legal list). */
function isToMove(s: State, seat: number): boolean {
  switch (s.phase) {
    case 'peek':
      if (s.o.simultaneousPeek) return s.peeked[seat] === false; // false only for a real seat that has not peeked
      for (let k = 0; k < s.seats; k++) if (!s.peeked[(s.start + k) % s.seats]) return (s.start + k) % s.seats === seat;
      return false;
    case 'commander':
    case 'scoring':
      return s.pending !== null && s.pending.seat === seat;
    case 'play':
      return s.pending ? s.pending.seat === seat : s.turn !== null && s.turn.seat === seat;
    default:
      return false;
  }
}

/**
 * Free actions (§3.6): face-up activated powers, the token, naming a Bodyguard's card. With a
 * `limit` the list stops there (whether the turn has any left is asked after every move).
 */
export function freeActions(s: State, seat: number, limit = Infinity): Command[] {
  const t = s.turn;
  if (!t || t.seat !== seat || s.pending || (s.caller !== null && !s.o.finalTurnExtras)) return [];
  const out: Command[] = [];
  const row = s.villages[seat]!;
  for (let p = 0; p < row.length; p++) {
    const id = row[p]!;
    if (!fuActive(s, id)) continue;
    const d = defOf(s, id);
    const spent = s.o.activatedPowerLimit === 'perCard' ? t.used.includes(id) : t.used.length > 0;
    if (d.alternatives && !spent && (s.o.newlyFaceUpUsable || t.upAtStart.includes(id)))
      for (let option = 0; option < d.alternatives.length; option++) {
        if (!usable(s, seat, d.alternatives[option]!)) continue;
        out.push(activate(p, option));
        if (out.length >= limit) return out;
      }
    if (hasPassive(s, id, 'guard') && !s.guards.some((g) => g.bg === id && row.includes(g.card)))
      for (let q = 0; q < row.length; q++) {
        if (q === p) continue;
        out.push(guard(p, q));
        if (out.length >= limit) return out;
      }
  }
  if (s.token.holder === seat && s.token.active && !s.token.used && usable(s, seat, TOKEN_STEPS[s.token.kind])) out.push(TOKEN);
  return out;
}

function turnCommands(s: State, seat: number): Command[] {
  const t = s.turn!;
  const out: Command[] = [];
  const extras = s.caller === null || s.o.finalTurnExtras;
  const row = s.villages[seat]!;
  if (!t.main) {
    if (s.deck.length > 0) out.push(DRAW);
    if (extras) for (let display = 0; display < s.display.length; display++) out.push(drawDisplay(display));
    if (s.discard.length > 0 && !t.emptyAtStart && canExchange(s, seat) && !zombieOnTop(s)) out.push(TAKE);
    if (s.caller === null && row.length <= 4 && !t.free && !(t.extra && !s.o.daggerSkipAllowsCall)) out.push(CALL);
    if (extras && !(t.free && s.o.zombieGiveWholeTurn))
      for (let position = 0; position < row.length; position++) {
        const id = row[position]!;
        if (s.up[id] && hasPassive(s, id, 'zombie') && !blocked(s, seat, seat, position, 'modify')) for (let end = 0; end < 2; end++) out.push(give(position, end)); // face-down first: a Zombie gives only face-up
      }
  }
  out.push(...freeActions(s, seat));
  if (t.main) out.push(END);
  return out;
}

/** The held card's own power can be used now (DIS after a draw, DRV into the village). */
export function powerAvailable(s: State, seat: number, pend: Extract<Pending, { kind: 'hold' }>): boolean {
  const x = s.hand[0]!;
  const d = defOf(s, x);
  if (!d.steps || !powerOn(s, d) || pend.slid.length > 0) return false;
  if (!(pend.from === 'deck' || (pend.from === 'display' && s.o.squireTakeIsDraw))) return false;
  if (d.timing === 'DRV') return usable(s, seat, d.steps);
  if (d.timing !== 'DIS') return false;
  // Of the first steps only the Master's (fromPile) reads the pile or the hand: the others are
  // asked of this state as it is, without a copy of it (a legal list at nearly every held card).
  if (d.steps[0]?.op !== 'fromPile') return usable(s, seat, d.steps);
  const after = copyState(s); // the state once the card is discarded
  after.discard = [...s.discard, x];
  after.hand = s.hand.slice(1);
  return usable(after, seat, d.steps);
}

function holdCommands(s: State, seat: number, pend: Extract<Pending, { kind: 'hold' }>): Command[] {
  const out: Command[] = [];
  const x = s.hand[0]!;
  const ex = exchangeable(s, seat);
  // Index loops: asked at nearly every move, and `slid` may be a listed move's frozen array.
  const slid = pend.slid;
  if (slid.length === 0) {
    const zombie = isZombie(s, x);
    if (!pend.must && !zombie) out.push(DISCARD);
    if (powerAvailable(s, seat, pend)) out.push(POWER);
    let singles = 0;
    const row = s.villages[seat]!;
    for (let i = 0; i < ex.length; i++)
      if (!knownZombie(s, row[ex[i]!]!)) {
        out.push(exchangeOne(ex[i]!));
        singles++;
      }
    if (singles === 0 && zombie) out.push(PLACE_AT_END[0]!, PLACE_AT_END[1]!); // no exchange possible (canExchange)
    for (let i = 0; i < ex.length; i++) out.push(slide(ex[i]!));
  } else for (let i = 0; i < ex.length; i++) if (!slid.includes(ex[i]!)) out.push(slide(ex[i]!));
  // §3.7: marked cards are either exchanged or returned: a set known to bounce (§4.4) can only be returned, card by card.
  if (slid.length > 0 && !knownBounce(s, seat, slid)) out.push(EXCHANGE_MARKED);
  else for (let i = 0; i < slid.length; i++) out.push(unslide(slid[i]!));
  return out;
}

function scoreCommands(s: State, pend: Extract<Pending, { kind: 'score' }>): Command[] {
  const step = s.scoring!.queue[s.scoring!.at]!;
  if (pend.op === 'debt' || pend.op === 'halve') return [CONFIRM, SKIP];
  const out: Command[] = [];
  if (pend.op === 'give' && pend.position !== null) {
    for (let r = 0; r < s.seats; r++) if (r !== pend.seat) out.push(seatMove(r));
    return out;
  }
  for (const position of scoreChoices(s, pend.seat, pend.op, step.id)) out.push(target(pend.seat, position));
  if (pend.op === 'give' || s.o.commanderOptional) out.push(SKIP);
  return out;
}

/**
 * The last legal list computed (states are never changed, only replaced): a client asks for the
 * list and then submits one of them, and `decide` checks against that same list. One entry, so
 * nothing is kept beyond one state.
 */
let last: { s: State; seat: number; list: readonly Command[] } | null = null;

/** The legal list, shared: callers read it and do not change it. */
export function legalList(s: State, seat: number): readonly Command[] {
  if (last?.s === s && last.seat === seat) return last.list;
  const list = computeLegal(s, seat);
  last = { s, seat, list };
  return list;
}

export const legalCommands = (s: State, seat: number): Command[] => legalList(s, seat).slice();

/** The moves `make(0)` … `make(n - 1)`. */
function upTo(n: number, make: (i: number) => Command): Command[] {
  const out: Command[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = make(i);
  return out;
}

/** Commander: the village's positions no kept card took yet. */
function placesLeft(n: number, done: readonly number[] | undefined): Command[] {
  const out: Command[] = [];
  for (let position = 0; position < n; position++) if (!done?.includes(position)) out.push(placeAt(position));
  return out;
}

function computeLegal(s: State, seat: number): Command[] {
  if (!isToMove(s, seat)) return [];
  if (s.phase === 'peek') {
    const n = s.villages[seat]!.length;
    const out: Command[] = [];
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) out.push(peek(a, b));
    return out;
  }
  const pend = s.pending;
  if (!pend) return s.phase === 'play' ? turnCommands(s, seat) : [];
  switch (pend.kind) {
    case 'commander':
      return placesLeft(s.villages[seat]!.length, pend.done);
    case 'score':
      return scoreCommands(s, pend);
    case 'hold':
      return holdCommands(s, seat, pend);
    case 'rascal':
      return upTo(s.hand.length, keep);
    case 'place':
      return pend.slots ? pend.slots.map(placeAt) : PLACE_AT_END.slice();
    case 'power':
      return stepChoices(s, seat, pend.steps[pend.i]!, pend.selected);
  }
}
