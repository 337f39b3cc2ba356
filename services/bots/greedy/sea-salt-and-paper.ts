/**
 * Sea Salt & Paper's greedy bot, one ply from the game's own card points: it takes the card that
 * adds the most points (a discard if it beats an unknown draw), plays every duo whose effect
 * can happen, robs the fullest hand, and calls STOP as soon as its points beat what each other
 * seat can be seen to hold. It reads only its view and legal moves, in the seat-relative order
 * (../seat-order.ts): of two hands as full, it robs the one nearer after its own seat.
 */
import type { Bot, BotContext } from '../../engine/core/index.js';
import type { Command } from '../../engine/games/sea-salt-and-paper/commands.js';
import type { Options } from '../../engine/games/sea-salt-and-paper/options.js';
import { cardPoints } from '../../engine/games/sea-salt-and-paper/scoring.js';
import type { CardView, PlayerView, View } from '../../engine/games/sea-salt-and-paper/view.js';
import { seatRelative } from '../seat-order.js';

/** A known discard is taken over drawing two unknown cards when it adds at least this much. */
const DISCARD_OVER_DRAW = 1;
/** Points a hidden card of another seat is guessed to be worth when judging a call. */
const HIDDEN_CARD_POINTS = 0.5;

const ids = (cards: readonly CardView[]) => cards.map((c) => c.id);

/** The points `card` would add to the seat's cards (the colour bonus breaks ties). */
function gainOf(v: View, white: boolean) {
  const hand = ids(v.myHand!);
  const played = v.players[v.seat!]!.duos.flatMap((d) => ids(d.cards));
  const now = cardPoints(hand, played, white).total;
  return (card: number) => cardPoints([...hand, card], played, white).total - now;
}

/** What another seat can be seen to hold: its duos, its hand when revealed, a guess per hidden card. */
function shownPoints(p: PlayerView): number {
  return p.cardPoints ?? p.duos.length + p.handCount * HIDDEN_CARD_POINTS;
}

const best = <T>(items: readonly T[], score: (x: T) => number): T => items.reduce((a, b) => (score(b) > score(a) ? b : a));

export const greedySeaSaltAndPaper: Bot = seatRelative((view, legalMoves, _rng, context: BotContext) => {
  const v = view as View;
  const moves = legalMoves as Command[];
  if (moves.length === 1) return moves[0];
  // Built on first use: the play phase, most decisions, needs no card's gain.
  let gainFn: ((card: number) => number) | null = null;
  const gain = (card: number) => (gainFn ??= gainOf(v, (context.setup.options as Options).whiteCountsAsColour))(card);
  const of = <T extends Command['type']>(type: T) => moves.filter((m): m is Extract<Command, { type: T }> => m.type === type);
  switch (v.phase) {
    case 'draw': {
      const takes = of('takeDiscard');
      const take = takes.length > 0 ? best(takes, (m) => gain(v.discards[m.pile]!.top!.id)) : null;
      const draw = moves.find((m) => m.type === 'draw');
      if (take && (!draw || gain(v.discards[take.pile]!.top!.id) >= DISCARD_OVER_DRAW)) return take;
      return draw ?? moves[0];
    }
    case 'keep':
      return best(of('keep'), (m) => gain(m.card));
    case 'crabPile': {
      const elsewhere = placedElsewhere(v);
      return best(of('choosePile'), (m) => Math.max(0, ...v.discards[m.pile]!.seen.filter((c) => !elsewhere.has(c.id)).map((c) => gain(c.id))));
    }
    case 'crabCard':
      return best(of('chooseCard'), (m) => gain(m.card));
    case 'shark':
      return best(of('chooseOpponent'), (m) => v.players[m.opponent]!.handCount);
    case 'play': {
      const duo = of('playDuo').find((m) => effectHelps(v, m.cards[0]));
      if (duo) return duo;
      const mine = v.myPoints!.total;
      const ahead = v.players.every((p) => p.seat === v.seat || shownPoints(p) < mine);
      const stop = moves.find((m) => m.type === 'stop');
      return ahead && stop ? stop : moves.find((m) => m.type === 'endTurn')!;
    }
    default:
      return moves[0];
  }
});

/** Cards seen on a pile that the view shows somewhere else now (so not in the pile). */
function placedElsewhere(v: View): Set<number> {
  const out = new Set(ids(v.myHand!));
  for (const p of v.players) for (const c of [...(p.hand ?? []), ...p.known, ...p.duos.flatMap((d) => d.cards)]) out.add(c.id);
  return out;
}

/** Whether the effect of the duo `card` belongs to can happen now (a duo without one only shows the cards). */
function effectHelps(v: View, card: number): boolean {
  const type = v.myHand!.find((c) => c.id === card)!.type;
  const openPile = v.discards.some((d) => d.count > 0);
  if (type === 'crab') return openPile;
  if (type === 'boat') return v.deckCount > 0 || openPile;
  if (type === 'fish') return v.deckCount > 0;
  return v.players.some((p) => p.seat !== v.seat && p.handCount > 0 && !p.protected);
}
