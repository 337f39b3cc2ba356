/**
 * What each seat remembers of the others' hands (`State.known`), kept as certain facts only: a
 * card taken from a discard pile in view of all is known to be in the taker's hand; a theft
 * tells the thief and the victim (everyone, from a revealed hand) where the card went, and
 * leaves the others unsure of every card they knew in the victim's hand.
 */
const without = (cards: number[], gone: readonly number[]) => (cards.some((c) => gone.includes(c)) ? cards.filter((c) => !gone.includes(c)) : cards);

/** `card` went into `seat`'s hand in view of everyone. */
export function learnTaken(known: number[][][], seat: number, card: number): number[][][] {
  return known.map((rows, v) => (v === seat ? rows : rows.map((cards, p) => (p === seat ? [...cards, card] : cards))));
}

/** `cards` left `seat`'s hand face up (a duo): nobody needs to remember them there. */
export function forgetPlayed(known: number[][][], seat: number, cards: readonly number[]): number[][][] {
  return known.map((rows) => rows.map((held, p) => (p === seat ? without(held, cards) : held)));
}

/** `thief` took `card` from `victim`; `seen`: the victim's hand was revealed, so everyone saw it. */
export function learnTheft(known: number[][][], thief: number, victim: number, card: number, seen: boolean): number[][][] {
  return known.map((rows, v) => {
    const witness = seen || v === thief || v === victim;
    return rows.map((held, p) => {
      if (p === victim) return witness ? without(held, [card]) : [];
      if (p === thief && witness && v !== thief) return [...held, card];
      return held;
    });
  });
}
