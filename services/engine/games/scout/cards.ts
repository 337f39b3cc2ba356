/**
 * SCOUT's cards as data (docs/rules/scout.md §2.2) and the setup by player count (§2.3).
 * One card per unordered pair {lo, hi} with 1 ≤ lo < hi ≤ 10: 45 cards, each number on 9 of them.
 */

/** A printed card: two different numbers, `lo < hi`. */
export interface Card {
  id: number;
  lo: number;
  hi: number;
}

/** A card as held in a hand or lying in a set: `up` is its active value (`lo` or `hi`). */
export interface PlacedCard extends Card {
  up: number;
}

export const DECK: readonly Card[] = (() => {
  const cards: Card[] = [];
  for (let lo = 1; lo <= 9; lo++) for (let hi = lo + 1; hi <= 10; hi++) cards.push({ id: cards.length, lo, hi });
  return cards;
})();

/** What each player count changes (§2.3; 2 players: §3.6). */
export interface SeatSetup {
  /** Cards that go back to the box. */
  removed: (card: Card) => boolean;
  /** Cards dealt to each player per round. */
  handSize: number;
  /** Scout chips each player holds at round start (2p only; 3–5p start from the supply with 0). */
  scoutChips: number;
  /** Whether the Scout & Show action and its chips exist. */
  scoutShow: boolean;
  /** 2p: the cards not dealt in round 1 are set aside as round 2's deal. */
  setAside: boolean;
}

const nineTen = (c: Card) => c.lo === 9 && c.hi === 10;

export const SETUP: Readonly<Record<number, SeatSetup>> = {
  2: { removed: nineTen, handSize: 11, scoutChips: 3, scoutShow: false, setAside: true },
  3: { removed: (c) => c.hi === 10, handSize: 12, scoutChips: 0, scoutShow: true, setAside: false },
  4: { removed: nineTen, handSize: 11, scoutChips: 0, scoutShow: true, setAside: false },
  5: { removed: () => false, handSize: 9, scoutChips: 0, scoutShow: true, setAside: false },
};

export function setupFor(seats: number): SeatSetup {
  const setup = SETUP[seats];
  if (!setup) throw new RangeError(`SCOUT takes 2 to 5 players, not ${seats}`);
  return setup;
}

/** The cards in play for a player count (§2.3): 44 / 36 / 44 / 45. */
export function cardsInPlay(seats: number): Card[] {
  const { removed } = setupFor(seats);
  return DECK.filter((c) => !removed(c));
}

/** The card turned the other way up. */
export function flipped(card: PlacedCard): PlacedCard {
  return { id: card.id, lo: card.lo, hi: card.hi, up: card.up === card.lo ? card.hi : card.lo };
}

/** A placed card reduced to its public fields (drops anything else a caller attached). */
export function placed(card: PlacedCard): PlacedCard {
  return { id: card.id, lo: card.lo, hi: card.hi, up: card.up };
}

/** Names of the game's parts and actions in English and Persian (docs/rules/scout.md §1). */
export const TERMS = {
  show: { en: 'Show', fa: 'بازی کنید' },
  scout: { en: 'Scout', fa: 'اسکات' },
  scoutShow: { en: 'Scout & Show', fa: 'عمل دوگانه' },
  scoutChip: { en: 'Scout chip', fa: 'توکن اسکات' },
  scoutShowChip: { en: 'Scout & Show chip', fa: 'توکن دوگانه' },
  activeSet: { en: 'Active Set', fa: 'مجموعه قبلی' },
  owner: { en: 'Owner', fa: 'مالک مجموعه' },
  matchingSet: { en: 'Matching set', fa: 'کارت‌های هم‌شماره' },
  run: { en: 'Run', fa: 'کارت‌های متوالی' },
  rotateHand: { en: 'Rotate the hand', fa: 'وارونه چرخاندن دست' },
  startingPlayer: { en: 'Starting player', fa: 'بازیکن شروع‌کننده' },
} as const;

/** Catalog data for clients: the deck, the setup per player count and the bilingual terms. */
export const catalog = {
  cards: DECK,
  setup: Object.fromEntries(
    Object.entries(SETUP).map(([seats, s]) => [
      seats,
      {
        removed: DECK.filter(s.removed).map((c) => c.id),
        handSize: s.handSize,
        rounds: Number(seats),
        scoutChipsPerRound: s.scoutChips,
        scoutShow: s.scoutShow,
        setAsideForRound2: s.setAside,
      },
    ]),
  ),
  terms: TERMS,
};
