/** decide: checks the move against the legal list, then runs the rules (events only; randomness here). */
import { ensure, shuffle, type Rng } from '../../core/index.js';
import { askBodyguardNaming } from './bodyguard.js';
import { numberOf } from './cards.js';
import type { Command } from './commands.js';
import { afterPeek, applyScoreDelta, endRound, endTurn, nextCommander, scoreSteps, settle, startRound, TOKEN_STEPS } from './flow.js';
import { freeActions, legalList } from './legal.js';
import { applyStep, runSteps } from './powers.js';
import { countPassive } from './protect.js';
import { Sim, VillagersMet } from './sim.js';
import { defOf, next, type State } from './state.js';
import { exchange, exchangeable, knownBounce, place } from './village.js';

/** Two commands are the same move (position sets compare as sets). */
export function sameCommand(a: Command, b: Command): boolean {
  if (a.type !== b.type) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  // Every key of either side (a key missing on one side reads undefined); no allocation on the common path.
  for (const k in x) if (!sameField(x[k], y[k])) return false;
  for (const k in y) if (!(k in x) && !sameField(undefined, y[k])) return false;
  return true;
}

function sameField(u: unknown, v: unknown): boolean {
  if (!Array.isArray(u) || !Array.isArray(v)) return u === v;
  if (u.length !== v.length) return false;
  const su = [...u].sort((m, n) => m - n);
  const sv = [...v].sort((m, n) => m - n);
  return su.every((m, i) => m === sv[i]);
}

function reason(s: State, seat: number, c: Command): string {
  if (s.phase === 'peek') return 'peek at two different cards of your own village';
  if (s.pending) return `that move does not fit the current step (${s.pending.kind})`;
  switch (c.type) {
    case 'call':
      if (s.caller !== null) return 'someone has already called this round';
      if (s.villages[seat]!.length > 4) return 'you may call only with 4 or fewer cards in your village';
      return 'you cannot call in this turn';
    case 'end':
      return 'take your main action first';
    default:
      return `you cannot ${c.type} now`;
  }
}

/** An exchange naming its whole set at once: distinct positions the seat may exchange. */
function validSet(s: State, seat: number, c: Command): boolean {
  if (c.type !== 'exchange' || !c.positions || s.pending?.kind !== 'hold' || s.pending.slid.length > 0) return false;
  const ex = exchangeable(s, seat);
  return new Set(c.positions).size === c.positions.length && c.positions.every((p) => ex.includes(p)) && !knownBounce(s, seat, c.positions);
}

export function start(s: State, rng: Rng) {
  const sim = new Sim(s, rng);
  const first = s.o.firstStartPlayer === 'random' ? rng.int(s.seats) : s.o.firstStartPlayer;
  sim.emit({ type: 'TokenAssigned', holder: first, active: false });
  startRound(sim, 1, first);
  return sim.events;
}

export function decide(s: State, c: Command, seat: number, rng: Rng) {
  // A listed move itself (the table passes the very object) is found by identity first.
  const listed = legalList(s, seat);
  if (!(listed.includes(c) || validSet(s, seat, c) || listed.some((x) => sameCommand(x, c)))) ensure(false, reason(s, seat, c)); // the message only when refused
  const sim = new Sim(s, rng);
  try {
    apply(sim, seat, c);
  } catch (x) {
    if (!(x instanceof VillagersMet)) throw x;
    endRound(sim, 'villagers'); // §4.1 #0: the rest of the move is forfeited
    return sim.events;
  }
  askBodyguardNaming(sim, s);
  settle(sim, freeLeft);
  return sim.events;
}

/** Whether the turn has a free action left (a module function: a closure made per move costs under tsx's keepNames). */
const freeLeft = (st: State, se: number) => freeActions(st, se, 1).length;

function apply(sim: Sim, seat: number, c: Command) {
  const s = sim.state;
  const pend = s.pending;
  if (s.phase === 'peek' && c.type === 'peek') {
    const positions = [...c.positions].sort((a, b) => a - b);
    sim.emit({ type: 'Peeked', seat, positions, cards: positions.map((p) => numberOf(s.villages[seat]![p]!)) });
    return afterPeek(sim);
  }
  if (!pend) return turnCommand(sim, seat, c);
  switch (pend.kind) {
    case 'commander':
      if (c.type !== 'place') return;
      sim.move({ z: 'village', s: seat, p: c.position! }, { z: 'deck' }, 'none');
      sim.move({ z: 'kept', s: seat, i: 0 }, { z: 'village', s: seat, p: c.position! }, 'all', { up: false, pub: true });
      sim.emit({ type: 'DeckShuffled', deck: shuffle(sim.state.deck, sim.rng), size: sim.state.deck.length });
      // Each kept card replaces one of the new cards: a place a kept card took is not offered again.
      if (sim.state.kept[seat]!.length > 0) return sim.pending({ ...pend, done: [...(pend.done ?? []), c.position!] });
      return nextCommander(sim, s.start, ((seat - s.start + s.seats) % s.seats) + 1);
    case 'score':
      return scoreCommand(sim, pend, c);
    case 'hold':
      return holdCommand(sim, seat, pend, c);
    case 'rascal': {
      if (c.type !== 'keep') return;
      const back = s.o.rascalExtra === 'returnTop';
      for (let j = s.hand.length - 1; j >= 0; j--) {
        if (j === c.index) continue;
        if (pend.display && j === 0) sim.move({ z: 'hand', i: 0 }, { z: 'display', i: 0 }, 'all'); // an unkept display card goes back to the display
        else sim.move({ z: 'hand', i: j }, back ? { z: 'deck' } : { z: 'discard' }, back ? seat : 'all');
      }
      return sim.pending({ kind: 'hold', seat, from: pend.display && c.index === 0 ? 'display' : 'deck', slid: [], must: false });
    }
    case 'place':
      if (c.type === 'place') place(sim, seat, c.position ?? (c.end === 'left' ? 0 : s.villages[seat]!.length));
      return;
    case 'power':
      return applyStep(sim, c);
  }
}

function turnCommand(sim: Sim, seat: number, c: Command) {
  const s = sim.state;
  switch (c.type) {
    case 'draw': {
      sim.emit({ type: 'MainAction', seat, action: 'draw' });
      // §4.1 #4: each face-up Rascal adds a deck card to the Draw action, a display draw included (option).
      const shown = c.display !== undefined;
      if (shown) sim.move({ z: 'display', i: c.display! }, { z: 'hand', i: 0 }, 'all');
      const extra = shown && !s.o.rascalOnDisplayDraw ? 0 : countPassive(s, seat, 'extraDraw');
      const n = Math.min((shown ? 0 : 1) + extra, s.deck.length);
      for (let i = 0; i < n; i++) sim.move({ z: 'deck' }, { z: 'hand', i: sim.state.hand.length }, seat, { learn: true });
      if (sim.state.hand.length > 1) return sim.pending({ kind: 'rascal', seat, ...(shown ? { display: true } : {}) });
      return sim.pending({ kind: 'hold', seat, from: shown ? 'display' : 'deck', slid: [], must: false });
    }
    case 'take':
      sim.emit({ type: 'MainAction', seat, action: 'take' });
      sim.move({ z: 'discard' }, { z: 'hand', i: 0 }, 'all');
      return sim.pending({ kind: 'hold', seat, from: 'discard', slid: [], must: true });
    case 'call':
      sim.emit({ type: 'MainAction', seat, action: 'call' });
      return endTurn(sim);
    case 'give': {
      sim.emit({ type: 'MainAction', seat, action: 'give' });
      const to = next(s, seat, -s.dir);
      sim.move({ z: 'village', s: seat, p: c.position }, { z: 'village', s: to, p: c.end === 'left' ? 0 : s.villages[to]!.length }, 'all', { up: false, pub: true });
      if (s.o.zombieGiveWholeTurn) endTurn(sim); // §4.4 #4: the give is the whole turn
      return;
    }
    case 'activate': {
      const id = s.villages[seat]![c.position]!;
      const d = defOf(s, id);
      sim.emit({ type: 'Activated', seat, position: c.position, card: d.number, edition: d.edition });
      return runSteps(sim, { kind: 'power', seat, card: d.number, edition: d.edition, steps: d.alternatives![c.option]!, i: 0, own: null, selected: [], then: 'free', drawn: false });
    }
    case 'token':
      sim.emit({ type: 'TokenUsed', seat, blocksCall: (s.token.kind !== 'amulet' && s.token.kind !== 'bullet') || s.o.amuletTokenBlocksCall });
      return runSteps(sim, { kind: 'power', seat, card: -1, edition: s.eds[0]!, steps: TOKEN_STEPS[s.token.kind], i: 0, own: null, selected: [], then: 'free', drawn: false });
    case 'guard':
      return sim.emit({ type: 'Guarded', s: seat, bodyguard: c.bodyguard, p: c.position });
    case 'end':
      return endTurn(sim);
    default:
      return;
  }
}

/** The hold step with other cards slid: a literal in the same key order (an object spread of a union type is slow). */
const held = (p: Extract<State['pending'], { kind: 'hold' }>, slid: number[]) => ({ kind: 'hold' as const, seat: p.seat, from: p.from, slid, must: p.must });

function holdCommand(sim: Sim, seat: number, pend: Extract<State['pending'], { kind: 'hold' }>, c: Command) {
  const s = sim.state;
  switch (c.type) {
    case 'discard':
      sim.move({ z: 'hand', i: 0 }, { z: 'discard' }, 'all');
      return sim.pending(null);
    case 'power': {
      const d = defOf(s, s.hand[0]!);
      const drawn = d.timing === 'DRV';
      if (!drawn) sim.move({ z: 'hand', i: 0 }, { z: 'discard' }, 'all');
      return runSteps(sim, { kind: 'power', seat, card: d.number, edition: d.edition, steps: d.steps!, i: 0, own: null, selected: [], then: 'main', drawn });
    }
    case 'slide':
      return sim.pending(held(pend, [...pend.slid, c.position]));
    case 'unslide':
      return sim.pending(held(pend, pend.slid.filter((p) => p !== c.position)));
    case 'exchange':
      return exchange(sim, seat, c.positions ?? pend.slid, pend.from);
    case 'place': // a held Zombie with nowhere to be exchanged is added at an end
      sim.pending({ kind: 'place', seat, slots: null, up: pend.from !== 'deck', penalty: false });
      return place(sim, seat, c.end === 'left' ? 0 : s.villages[seat]!.length);
    default:
      return;
  }
}

function scoreCommand(sim: Sim, pend: Extract<State['pending'], { kind: 'score' }>, c: Command) {
  const seat = pend.seat;
  if (c.type === 'target' && pend.op === 'give') return sim.pending({ ...pend, position: c.position });
  if (c.type === 'target') sim.emit({ type: 'KeptForNext', seat, position: c.position, card: numberOf(sim.state.villages[seat]![c.position]!) });
  if (c.type === 'confirm') applyScoreDelta(sim);
  if (c.type === 'seat') sim.move({ z: 'village', s: seat, p: pend.position! }, { z: 'village', s: c.seat, p: sim.state.villages[c.seat]!.length }, 'all', { up: true });
  sim.emit({ type: 'ScoreStepDone' });
  scoreSteps(sim);
}
