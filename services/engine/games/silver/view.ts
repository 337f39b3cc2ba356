/** view + redact: what one seat (or a spectator) may know, nothing more. */
import type { Viewer } from '../../core/index.js';
import { cardDef, numberOf, type Edition } from './cards.js';
import type { Event } from './events.js';
import { toMove } from './legal.js';
import { guarded } from './protect.js';
import { defOf, knows, type Pending, type State } from './state.js';

export interface CardView {
  number: number;
  edition: Edition;
  name: string;
  nameFa: string;
  timing: string;
  powerKnown: boolean;
}
export interface SlotView {
  position: number;
  faceUp: boolean;
  rotated: boolean;
  known: boolean;
  publicKnown: boolean;
  card: CardView | null;
  amulet: boolean;
  guarded: boolean;
}
export interface PendingView {
  kind: string;
  seat: number;
  step: string | null;
  prompt: string;
  card: CardView | null;
  slid: number[];
  selected: number[];
  slots: number[] | null;
  ends: boolean;
  faceUp: boolean | null;
  penalty: boolean;
}
export interface SilverView {
  seat: number | null;
  round: number;
  rounds: number;
  phase: string;
  startPlayer: number;
  toMove: number[];
  direction: number;
  editions: string[];
  villages: { seat: number; cards: SlotView[] }[];
  deckCount: number;
  deckKnown: { depth: number; card: CardView }[];
  discard: CardView[];
  display: CardView[];
  boxCount: number;
  hand: (CardView | null)[];
  kept: { seat: number; card: CardView }[];
  keptNext: { seat: number; card: CardView }[];
  token: { kind: string; holder: number; active: boolean; used: boolean; wolfSideUp: boolean };
  caller: number | null;
  finalTurnsOwed: number[];
  deckOut: boolean;
  turn: { seat: number; mainDone: boolean; powerUsed: boolean; extra: boolean; activated: number[] } | null;
  pending: PendingView | null;
  peeked: boolean[];
  scoreAdjustments: number[];
  scores: number[];
  history: { round: number; reason: string; totals: number[]; roundScores: number[]; caller: number | null; callSucceeded: boolean | null }[];
  winners: number[] | null;
}

export function cardView(s: State, id: number): CardView {
  const d = defOf(s, id);
  return { number: numberOf(id), edition: d.edition, name: d.names.en, nameFa: d.names.fa, timing: d.timing, powerKnown: d.powerKnown };
}

const PROMPTS: Record<string, string> = {
  look: 'choose a face-down card to look at',
  flip: 'choose a card to turn over',
  swapOwn: 'choose one of your cards to swap',
  swapOther: "choose another player's card to swap with it",
  replaceWithTop: 'choose a card to exchange for the top deck card, or skip',
  fromPile: 'choose a card of the discard pile',
  rotate: 'choose one of your cards to rotate',
  discardRotated: 'choose a rotated card to discard',
  purge: 'choose a number',
  dump: 'choose the cards the drawn card replaces',
  declare: 'choose cards you believe are worth 6 or more, then confirm',
  discardOwnFaceUp: 'choose one of your face-up cards to discard',
  protect: 'choose one of your cards for the token (amulet or bullet)',
};

function pendingView(s: State, p: Pending): PendingView {
  const base: PendingView = { kind: p.kind, seat: p.seat, step: null, prompt: '', card: null, slid: [], selected: [], slots: null, ends: false, faceUp: null, penalty: false };
  switch (p.kind) {
    case 'hold':
      return { ...base, slid: p.slid, prompt: p.must ? 'exchange the taken card' : 'discard the card, use its power, or exchange it' };
    case 'rascal':
      return { ...base, prompt: 'choose the drawn card to keep' };
    case 'place':
      return { ...base, slots: p.slots, ends: p.slots === null, faceUp: p.up, penalty: p.penalty, prompt: p.slots ? 'choose where the card goes' : 'choose an end of your village' };
    case 'power': {
      const step = p.steps[p.i]!;
      const card = p.card < 0 ? null : cardFields(p.edition, p.card);
      return { ...base, step: step.op, selected: p.selected, card, prompt: PROMPTS[step.op] ?? '' };
    }
    case 'score':
      if (p.op === 'debt' || p.op === 'halve') return { ...base, step: p.op, prompt: p.op === 'debt' ? 'apply your Debt Collector (confirm) or decline it (skip)' : 'apply your Halfling (confirm) or decline it (skip)' };
      return { ...base, step: p.op, prompt: p.op === 'keep' ? 'choose a card to keep for the next round' : p.position === null ? 'choose a card to give' : 'choose a player' };
    case 'commander':
      return { ...base, prompt: 'choose the position for your kept card' };
  }
}

function cardFields(edition: Edition, n: number): CardView {
  const d = cardDef(edition, n);
  return { number: n, edition, name: d.names.en, nameFa: d.names.fa, timing: d.timing, powerKnown: d.powerKnown };
}

export function view(s: State, viewer: Viewer): SilverView {
  const me = viewer;
  const cv = (id: number) => cardView(s, id);
  const pairs = (rows: number[][]) => rows.flatMap((r, seat) => r.map((id) => ({ seat, card: cv(id) })));
  return {
    seat: me,
    round: s.round,
    rounds: s.o.rounds,
    phase: s.phase,
    startPlayer: s.start,
    toMove: toMove(s),
    direction: s.dir,
    editions: s.eds.slice(),
    villages: s.villages.map((row, seat) => ({
      seat,
      cards: row.map((id, position) => {
        const known = s.up[id]! || knows(s, id, me);
        return { position, faceUp: s.up[id]!, rotated: s.rot[id]!, known, publicKnown: s.up[id]! || knows(s, id, null), card: known ? cv(id) : null, amulet: s.amulet === id, guarded: guarded(s, seat, id) };
      }),
    })),
    deckCount: s.deck.length,
    deckKnown: s.deck.flatMap((id, i) => (knows(s, id, me) ? [{ depth: s.deck.length - 1 - i, card: cv(id) }] : [])).reverse(),
    discard: s.discard.map(cv),
    display: s.display.map(cv),
    boxCount: s.box.length,
    hand: s.hand.map((id) => (knows(s, id, me) ? cv(id) : null)),
    kept: pairs(s.kept),
    keptNext: pairs(s.keptNext),
    token: { kind: s.token.kind, holder: s.token.holder, active: s.token.active, used: s.token.used, wolfSideUp: s.token.kind === 'coin' && s.token.active && !s.token.used },
    caller: s.caller,
    finalTurnsOwed: s.owes.slice(),
    deckOut: s.deckOut,
    turn: s.turn && { seat: s.turn.seat, mainDone: s.turn.main, powerUsed: s.turn.free, extra: s.turn.extra, activated: s.turn.used.map((id) => s.villages[s.turn!.seat]!.indexOf(id)).filter((p) => p >= 0) },
    pending: s.pending && pendingView(s, s.pending),
    peeked: s.peeked.slice(),
    scoreAdjustments: s.scoring?.adj.slice() ?? Array(s.seats).fill(0),
    scores: s.scores.slice(),
    history: s.history.map((h) => ({ ...h, totals: h.totals.slice(), roundScores: h.roundScores.slice() })),
    winners: s.winners,
  };
}

export function redact(e: Event, viewer: Viewer): Event {
  switch (e.type) {
    case 'RoundDealt':
      return { ...e, villages: null, box: null, deck: null };
    case 'DeckShuffled':
      return { ...e, deck: null };
    case 'Move':
      return e.vis === 'all' || e.vis === viewer ? e : { ...e, card: null };
    case 'Saw':
      return e.seat === viewer ? e : { ...e, card: null };
    case 'Peeked':
      return e.seat === viewer ? e : { ...e, positions: null, cards: null };
    default:
      return e;
  }
}
