/**
 * Seledyne's listed moves that name at most one card, as shared frozen values: the legal list of every
 * position makes them, and a record writes a shared move's text once (the lab's compact record,
 * services/analytics/plays.ts), where a fresh object is serialised at every move. Four in five moves
 * a random game plays are of these kinds, and gifts of one card (`giftOf`) nearly one in five more.
 * Made fresh: gifts of several cards (Sum Rule, about one move in a hundred: the sets a hand can pay
 * are too many to keep) and exchanges (one move in eleven, but ~17 listed each time any is, and a
 * look-up per listed exchange cost the engine ~2% more than making them). The same fields in the
 * same order as before: the same JSON. Read them, never change them.
 */
import type { Command } from './commands.js';

type Of<T extends Command['type']> = Extract<Command, { type: T }>;

const freeze = <C extends Command>(c: C): C => Object.freeze(c) as C;

export const PASS: Of<'pass'> = freeze({ type: 'pass' });
export const END_TURN: Of<'endTurn'> = freeze({ type: 'endTurn' });
export const STOP_DRAWING: Of<'stopDrawing'> = freeze({ type: 'stopDrawing' });
export const SKIP_ROUND_DRAW: Of<'skipRoundDraw'> = freeze({ type: 'skipRoundDraw' });
export const CONFIRM_BOOSTED: Of<'confirmTribute'> = freeze({ type: 'confirmTribute', boost: true });
export const CONFIRM_UNBOOSTED: Of<'confirmTribute'> = freeze({ type: 'confirmTribute', boost: false });
export const SIX_RULE_DECLINED: Of<'sixRule'> = freeze({ type: 'sixRule', use: false });
/** The card-less forms, where the card is drawn at random (A5). */
export const SIX_RULE_USED: Of<'sixRule'> = freeze({ type: 'sixRule', use: true });
export const ROUND_DRAW: Of<'roundDraw'> = freeze({ type: 'roundDraw' });
export const SIX_MULTIPLE_DRAW: Of<'sixMultipleDraw'> = freeze({ type: 'sixMultipleDraw' });

/** One move per card id, made at its first listing: ids are a deck's (cards.ts), so each map holds at most a deck's cards. */
function perCard<C extends Command>(make: (card: string) => C): (card: string) => C {
  const made = new Map<string, C>();
  return (card) => {
    let m = made.get(card);
    if (!m) made.set(card, (m = freeze(make(card))));
    return m;
  };
}

export const tributeOf = perCard((card): Of<'tribute'> => ({ type: 'tribute', card }));
export const roundDrawOf = perCard((card): Of<'roundDraw'> => ({ type: 'roundDraw', card }));
export const sixMultipleDrawOf = perCard((card): Of<'sixMultipleDraw'> => ({ type: 'sixMultipleDraw', card }));
export const sixRuleUsing = perCard((card): Of<'sixRule'> => ({ type: 'sixRule', use: true, card }));

/**
 * One-card gifts by card, then by target seat: at most a deck's cards times the seats (six at most,
 * commands.ts); the ids are the dealt cards' (cards.ts: a house, a value, a letter for a repeat), never
 * a client's. A dictionary read by this function alone: a keyed load by an id (internalized, cards.ts)
 * at a site that sees one dictionary, about half a Map's look-up (perCard's).
 */
const oneCardGifts: Record<string, Of<'gift'>[]> = Object.create(null);

/** The gift of `card` alone to seat `target`, made at its first listing; its `cards` is frozen too. */
export function giftOf(target: number, card: string): Of<'gift'> {
  const byTarget = (oneCardGifts[card] ??= []);
  return (byTarget[target] ??= freeze({ type: 'gift', target, cards: Object.freeze([card]) as string[] }));
}
