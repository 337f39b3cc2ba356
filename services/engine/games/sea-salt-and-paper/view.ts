/** view and redact: they depend only on what the viewer may know (§5). */
import type { Viewer } from '../../core/index.js';
import { CARDS, duoOf, TYPE } from './cards.js';
import type { Event } from './events.js';
import { CALL_POINTS, isProtected, pointsOf, stealTargets } from './queries.js';
import { colourBonus, type CardPoints } from './scoring.js';
import type { State } from './state.js';
import { status } from './status.js';

export interface CardView {
  id: number;
  type: string;
  colour: string;
  category: string;
}
export interface DuoView {
  duo: string;
  cards: CardView[];
}
export interface PlayerView {
  seat: number;
  handCount: number;
  hand: CardView[] | null;
  /** Cards the viewer knows to be in this hand while it is hidden (see knowledge.ts). */
  known: CardView[];
  revealed: boolean;
  protected: boolean;
  duos: DuoView[];
  cardPoints: number | null;
  colourBonus: number | null;
  total: number;
  /** The number of this seat's last turn this round (-1: none yet): the LAST_TO_PLAY tie-break. */
  lastTurn: number;
}
export interface RoundPlayerView {
  seat: number;
  hand: CardView[] | null;
  duos: DuoView[] | null;
  cardPoints: number | null;
  colourBonus: number | null;
  score: number;
  total: number;
}
export interface View {
  seat: number | null;
  round: number;
  phase: string;
  toMove: number[];
  starter: number;
  /** Turns started this round. */
  turn: number;
  targetScore: number;
  deckCount: number;
  discards: { pile: number; count: number; top: CardView | null; seen: CardView[]; gone: CardView[] }[];
  myHand: CardView[] | null;
  myPoints: CardPoints | null;
  myColourBonus: number | null;
  canCall: boolean;
  drawn: CardView[] | null;
  crabPile: number | null;
  crabPileCards: CardView[] | null;
  stealTargets: number[];
  call: { kind: string; caller: number; drawPileEmpty: boolean } | null;
  finalTurnsRemaining: number[];
  players: PlayerView[];
  lastRound: {
    round: number;
    reason: string;
    caller: number | null;
    betWon: boolean | null;
    nextStarter: number;
    players: RoundPlayerView[];
  } | null;
  winners: number[] | null;
  endReason: string | null;
}

const CARD_VIEWS: readonly CardView[] = CARDS.map((c) => ({ id: c.id, type: c.type, colour: c.colour, category: TYPE[c.type].category }));
export const cardView = (id: number): CardView => CARD_VIEWS[id]!;
const cardsView = (ids: readonly number[]) => ids.map(cardView);
function duosView(played: readonly number[]): DuoView[] {
  const out: DuoView[] = [];
  for (let i = 0; i < played.length; i += 2) out.push({ duo: duoOf(played[i]!, played[i + 1]!) ?? '', cards: [cardView(played[i]!), cardView(played[i + 1]!)] });
  return out;
}

/** Whether `viewer` sees `seat`'s hand: its own, or one made public. */
const sees = (s: State, viewer: Viewer, seat: number) => seat === viewer || s.revealed[seat]!;

/** Each seat as `viewer` sees it; its card points and colour bonus only where its hand is visible. */
function playersView(s: State, viewer: Viewer): { players: PlayerView[]; points: (CardPoints | null)[]; bonus: (number | null)[] } {
  const white = s.options.whiteCountsAsColour;
  const players: PlayerView[] = [];
  const points: (CardPoints | null)[] = [];
  const bonus: (number | null)[] = [];
  for (let seat = 0; seat < s.hands.length; seat++) {
    const hand = s.hands[seat]!;
    const visible = sees(s, viewer, seat);
    points.push(visible ? pointsOf(s, seat) : null);
    bonus.push(visible ? colourBonus(hand, s.played[seat]!, white) : null);
    players.push({
      seat,
      handCount: hand.length,
      hand: visible ? cardsView(hand) : null,
      known: visible ? [] : cardsView(s.known[viewer ?? s.seats]![seat]!),
      revealed: s.revealed[seat]!,
      protected: isProtected(s, seat),
      duos: duosView(s.played[seat]!),
      cardPoints: points[seat]?.total ?? null,
      colourBonus: bonus[seat]!,
      total: s.totals[seat]!,
      lastTurn: s.lastTurn[seat]!,
    });
  }
  return { players, points, bonus };
}

export function view(s: State, viewer: Viewer): View {
  const me = viewer;
  const acting = me !== null && me === s.active && s.result === null;
  const { players, points, bonus } = playersView(s, me);
  const mine = me === null ? null : points[me]!;
  const r = s.lastRound;
  return {
    seat: me,
    round: s.round,
    phase: s.phase,
    toMove: status(s).toMove,
    starter: s.starter,
    turn: s.turn,
    targetScore: s.target,
    deckCount: s.deck.length,
    discards: s.discards.map((p, pile) => ({ pile, count: p.length, top: p.length > 0 ? cardView(p.at(-1)!) : null, seen: cardsView(s.pileLog[pile]!), gone: me === null ? [] : cardsView(s.pileGone[me]![pile]!) })),
    myHand: me === null ? null : cardsView(s.hands[me]!),
    myPoints: mine,
    myColourBonus: me === null ? null : bonus[me]!,
    canCall: acting && s.phase === 'play' && s.call === null && mine!.total >= CALL_POINTS,
    drawn: acting && s.phase === 'keep' ? cardsView(s.drawn) : null,
    crabPile: s.phase === 'crabCard' ? s.crabPile : null,
    crabPileCards: acting && s.phase === 'crabCard' ? cardsView(s.discards[s.crabPile!]!) : null,
    stealTargets: s.phase === 'shark' ? stealTargets(s, s.active) : [],
    call: s.call && { kind: s.call.kind, caller: s.call.caller, drawPileEmpty: s.call.drawPileEmpty },
    finalTurnsRemaining: s.finalTurns,
    players,
    lastRound: r && {
      round: r.round,
      reason: r.reason,
      caller: r.caller,
      betWon: r.betWon,
      nextStarter: r.nextStarter,
      players: r.scores.map((score, seat) => ({
        seat,
        hand: r.hands ? cardsView(r.hands[seat]!) : null,
        duos: r.played ? duosView(r.played[seat]!) : null,
        cardPoints: r.cardPoints?.[seat] ?? null,
        colourBonus: r.colourBonus?.[seat] ?? null,
        score,
        total: r.totals[seat]!,
      })),
    },
    winners: s.result?.winners ?? null,
    endReason: s.result?.reason ?? null,
  };
}

/** Hides from `viewer` what only the acting seat (and, for a theft, its victim) may know. */
export function redact(e: Event, viewer: Viewer): Event {
  switch (e.type) {
    case 'RoundStarted':
      return { ...e, deck: null };
    case 'Drew':
      return e.seat === viewer ? e : { ...e, cards: null };
    case 'Kept':
    case 'CardTaken':
    case 'FishDrew':
      return e.seat === viewer ? e : { ...e, card: null };
    case 'Stole':
      return e.seat === viewer || e.from === viewer || e.victimRevealed ? e : { ...e, card: null };
    default:
      return e;
  }
}
