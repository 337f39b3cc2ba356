/**
 * Public facts of the table that the rest of the view does not show, though every player saw
 * them happen: the details of the step the game waits for (the `Pending` event is public), how
 * the turn began, a 2-player skip to come, Bodyguard namings, powers switched off by a take,
 * the cards face-up before the reveal and the scoring queue's progress. A person at the table
 * remembers them; a bot needs them to rebuild a world it cannot tell from the real one
 * (sample-world.ts). Nothing here depends on a hidden card.
 */
import type { Pending, State } from './state.js';

/** Per seat count, a frozen row of zeros (no scoring under way: nothing adjusted or halved), shared by views: read-only. */
const ZEROS: readonly number[][] = Array.from({ length: 9 }, (_, n) => Object.freeze(Array<number>(n).fill(0)) as number[]);
export const zerosFor = (seats: number): number[] => ZEROS[seats] ?? Array<number>(seats).fill(0);
/** Nothing to list: one frozen list shared by every view (most have no guards, switched-off powers …): read-only. */
const NONE = Object.freeze([]) as never[];


export interface PlaceView {
  seat: number;
  position: number;
}
export interface GuardView {
  seat: number;
  /** The Bodyguard's position. */
  bodyguard: number;
  /** The named card's position. */
  position: number;
}
export interface PendingFactsView {
  /** hold: where the held card came from (deck, display, discard, pile). */
  from: string | null;
  /** hold: the card must be exchanged (it was taken face-up). */
  must: boolean;
  /** rascal: the first card in hand came from the Squire display (§4.1 #4). */
  display: boolean;
  /** power: index of the step waiting in the power's step list. */
  stepIndex: number;
  /** power: the own position chosen for a swap. */
  own: number | null;
  /** power: "main" (a drawn card's power) or "free" (an activation, the token). */
  then: string | null;
  /** power: a drawn (DRV) card's power. */
  drawn: boolean;
  /** score: the chosen position of a give. */
  position: number | null;
  /** commander: positions a kept card already took. */
  done: number[];
}
export interface TableFactsView {
  pending: PendingFactsView | null;
  /** The acting seat's village was empty when the turn began. */
  turnEmptyAtStart: boolean;
  /** Positions (in the acting seat's row) of its cards face-up when the turn began. */
  turnUpAtStart: number[];
  /** A 2-player skip (dagger, Reverser) takes the next turn from the opponent. */
  skipNext: boolean;
  /** Why the round being scored ended: call, deck or villagers. */
  endReason: string | null;
  guards: GuardView[];
  /** Village cards whose face-up power is off (taken from the pile, option discardTakeDisablesFU). */
  powerOff: PlaceView[];
  /** Hand indexes of such cards. */
  handPowerOff: number[];
  /** At scoring: the cards that were face-up before the reveal (they decide SCU powers). */
  faceUpBeforeReveal: PlaceView[];
  /** At scoring: the index of the scoring power being resolved, and how often each seat was halved. */
  scoringAt: number;
  halved: number[];
}

function pendingFacts(p: Pending): PendingFactsView {
  const v: PendingFactsView = { from: null, must: false, display: false, stepIndex: 0, own: null, then: null, drawn: false, position: null, done: NONE };
  if (p.kind === 'hold') {
    v.from = p.from;
    v.must = p.must;
  } else if (p.kind === 'rascal') v.display = p.display ?? false;
  else if (p.kind === 'power') {
    v.stepIndex = p.i;
    v.own = p.own;
    v.then = p.then;
    v.drawn = p.drawn;
  } else if (p.kind === 'score') v.position = p.position;
  else if (p.kind === 'commander') v.done = p.done ?? [];
  return v;
}

/** Positions of the listed card ids in the villages. */
function places(s: State, ids: readonly number[]): PlaceView[] {
  if (ids.length === 0) return NONE;
  const out: PlaceView[] = [];
  for (let seat = 0; seat < s.villages.length; seat++) {
    const row = s.villages[seat]!;
    for (let position = 0; position < row.length; position++) if (ids.includes(row[position]!)) out.push({ seat, position });
  }
  return out;
}

/**
 * Positions of the cards face-up at the turn's start, a frozen list kept while the turn's list and
 * the acting row are the same arrays (read-only): most moves of a turn change neither. A loop, not
 * flatMap: this runs once per view.
 */
let lastUpAtStart: readonly number[] | null = null;
let lastUpRow: readonly number[] | null = null;
let lastUpPositions: number[] = NONE;
function upAtStartPositions(upAtStart: readonly number[], row: readonly number[]): number[] {
  if (upAtStart === lastUpAtStart && row === lastUpRow) return lastUpPositions;
  const out: number[] = [];
  for (const id of upAtStart) {
    const p = row.indexOf(id);
    if (p >= 0) out.push(p);
  }
  lastUpAtStart = upAtStart;
  lastUpRow = row;
  lastUpPositions = Object.freeze(out) as number[];
  return lastUpPositions;
}

export function tableFacts(s: State): TableFactsView {
  const t = s.turn;
  const row = t ? s.villages[t.seat]! : [];
  let guards: GuardView[] = NONE;
  if (s.guards.length > 0) {
    guards = [];
    for (const g of s.guards) {
      let seat = -1; // a loop, no callback: once per naming and view
      for (let r = 0; r < s.villages.length && seat < 0; r++) if (s.villages[r]!.includes(g.bg) && s.villages[r]!.includes(g.card)) seat = r;
      if (seat >= 0) guards.push({ seat, bodyguard: s.villages[seat]!.indexOf(g.bg), position: s.villages[seat]!.indexOf(g.card) });
    }
  }
  let handPowerOff: number[] = NONE;
  if (s.dead.length > 0) {
    handPowerOff = [];
    for (let i = 0; i < s.hand.length; i++) if (s.dead.includes(s.hand[i]!)) handPowerOff.push(i);
  }
  const turnUpAtStart = t && t.upAtStart.length > 0 ? upAtStartPositions(t.upAtStart, row) : NONE;
  return {
    pending: s.pending && pendingFacts(s.pending),
    turnEmptyAtStart: t?.emptyAtStart ?? false,
    turnUpAtStart,
    skipNext: s.skip,
    endReason: s.endReason,
    guards,
    powerOff: places(s, s.dead),
    handPowerOff,
    faceUpBeforeReveal: places(s, s.upBefore),
    scoringAt: s.scoring?.at ?? 0,
    halved: s.scoring?.halved.slice() ?? zerosFor(s.seats),
  };
}
