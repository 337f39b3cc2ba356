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
  revealed: boolean;
  protected: boolean;
  duos: DuoView[];
  cardPoints: number | null;
  colourBonus: number | null;
  total: number;
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
  targetScore: number;
  deckCount: number;
  discards: { pile: number; count: number; top: CardView | null }[];
  myHand: CardView[] | null;
  myPoints: CardPoints | null;
  myColourBonus: number | null;
  canCall: boolean;
  drawn: CardView[] | null;
  crabPile: number | null;
  crabPileCards: CardView[] | null;
  stealTargets: number[];
  call: { kind: string; caller: number } | null;
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

export function view(s: State, viewer: Viewer): View {
  const me = viewer;
  const acting = me !== null && me === s.active && s.result === null;
  const white = s.options.whiteCountsAsColour;
  const sees = (seat: number) => seat === me || s.revealed[seat]!;
  const points = s.hands.map((_, seat) => (sees(seat) ? pointsOf(s, seat) : null));
  const bonus = s.hands.map((hand, seat) => (sees(seat) ? colourBonus(hand, s.played[seat]!, white) : null));
  const mine = me === null ? null : points[me]!;
  const r = s.lastRound;
  return {
    seat: me,
    round: s.round,
    phase: s.phase,
    toMove: status(s).toMove,
    starter: s.starter,
    targetScore: s.target,
    deckCount: s.deck.length,
    discards: s.discards.map((p, pile) => ({ pile, count: p.length, top: p.length > 0 ? cardView(p.at(-1)!) : null })),
    myHand: me === null ? null : cardsView(s.hands[me]!),
    myPoints: mine,
    myColourBonus: me === null ? null : bonus[me]!,
    canCall: acting && s.phase === 'play' && s.call === null && mine!.total >= CALL_POINTS,
    drawn: acting && s.phase === 'keep' ? cardsView(s.drawn) : null,
    crabPile: s.phase === 'crabCard' ? s.crabPile : null,
    crabPileCards: acting && s.phase === 'crabCard' ? cardsView(s.discards[s.crabPile!]!) : null,
    stealTargets: s.phase === 'shark' ? stealTargets(s, s.active) : [],
    call: s.call && { kind: s.call.kind, caller: s.call.caller },
    finalTurnsRemaining: s.finalTurns,
    players: s.hands.map((hand, seat) => ({
      seat,
      handCount: hand.length,
      hand: sees(seat) ? cardsView(hand) : null,
      revealed: s.revealed[seat]!,
      protected: isProtected(s, seat),
      duos: duosView(s.played[seat]!),
      cardPoints: points[seat]?.total ?? null,
      colourBonus: bonus[seat]!,
      total: s.totals[seat]!,
    })),
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
