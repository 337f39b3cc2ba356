/**
 * For `sampleWorld` of a deck of distinct cards named by id 0..size-1: a byte per card marks
 * where the world already puts it, so "is this card placed" and "every card not placed" cost a
 * few nanoseconds per card (the generic `unseen` counts copies in a Map, ~10× slower, and a
 * search bot samples a world per iteration).
 */
export class PlacedIds {
  private readonly placed: Uint8Array;

  constructor(readonly size: number) {
    this.placed = new Uint8Array(size);
  }

  /** Marks `cards` placed; throws on a card placed twice (the view and the deck disagree). */
  add(cards: readonly number[]): this {
    for (const c of cards) {
      if (this.placed[c]) throw new Error(`sampleWorld: card ${c} is placed twice`);
      this.placed[c] = 1;
    }
    return this;
  }

  has(card: number): boolean {
    return this.placed[card] === 1;
  }

  /** Every card of `among` (default: every id, in id order) not placed. */
  rest(among?: readonly number[]): number[] {
    const out: number[] = [];
    if (among) {
      for (const c of among) if (!this.placed[c]) out.push(c);
    } else for (let c = 0; c < this.size; c++) if (!this.placed[c]) out.push(c);
    return out;
  }
}
