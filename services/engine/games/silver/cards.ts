/**
 * Silver's cards as data: one definition per edition and number. A power is a list of shared
 * effect steps (look, flip, swap, rotate, purge …), a passive flag read by the core rules, or a
 * scoring operation. A card whose text arrives later is added here, not as new branches.
 * The cards and their powers: docs/rules/silver.md §4 (what is not known: §10).
 */
export const EDITIONS = ['amulet', 'bullet', 'coin', 'dagger', 'promo'] as const;
export type Edition = (typeof EDITIONS)[number];

/** §4.0 timing classes; UNKNOWN where no source gives it. */
export type Timing = 'FU' | 'DIS' | 'DRV' | 'SCU' | 'SCA' | 'MAT' | 'UNKNOWN';

export type Where = 'own' | 'opponent' | 'any';

/** The shared effect steps powers are built from. Steps with a choice wait for the same seat. */
export type Step =
  | { op: 'look'; where: Where; optional?: boolean } // look secretly at a face-down card
  | { op: 'flip'; where: Where; from: 'down' | 'any' } // turn a card over
  | { op: 'swapOwn' } // pick one of your cards to swap …
  | { op: 'swapOther'; look: boolean | 'option' } // … with a card of another village
  | { op: 'reverse' } // reverse the play direction (2 players: skip the opponent)
  | { op: 'lookTop' } // look at the top card of the deck
  | { op: 'replaceWithTop'; optional: boolean } // exchange the deck's top card face-down into any village
  | { op: 'fromPile' } // take any card of the discard pile and exchange it into your village
  | { op: 'rotate' } // rotate one of your cards 90°
  | { op: 'discardRotated' } // discard a rotated card
  | { op: 'purge' } // choose a number: every face-up card of it is replaced from the deck
  | { op: 'dump'; count: number } // the drawn card replaces any `count` of your cards, face-up
  | { op: 'declare'; min: number } // declare cards worth `min`+; right: they go, the drawn card stays face-up
  | { op: 'discardOwnFaceUp' } // discard one of your face-up cards
  | { op: 'protect' } // put the amulet on one of your cards
  | { op: 'guard' }; // name the card a Bodyguard just turned face-up protects (the Bodyguard is `selected[0]`)

/** Static powers the core rules read while the card is face-up in a village. */
export interface Passive {
  villagerEnd?: boolean; // two face-up end the round
  display?: boolean; // Squire display
  guard?: boolean; // Bodyguard: itself and one named card
  extraDraw?: boolean; // Rascal
  prince?: boolean; // owner's face-up cards protected
  wild?: boolean; // Doppelgänger: matches in a multi-card exchange (works face-down too)
  plusOne?: boolean; // Lycan: +1 to one card's value when matching
  zombie?: boolean; // never the top discard; may be given to the previous player
}

export type ScoringOp = 'debt' | 'halve' | 'keep' | 'give';

export interface CardDef {
  edition: Edition;
  number: number;
  names: { en: string; fa: string };
  timing: Timing;
  /** false: no public text gives the power; the card counts its value only (rules §10). */
  powerKnown: boolean;
  powerText: string;
  /** The power may be declined (most may: rules §4.0). */
  optional: boolean;
  /** DIS / DRV powers. */
  steps?: Step[];
  /** FU activated powers: one of these step lists per activation. */
  alternatives?: Step[][];
  passive?: Passive;
  scoring?: ScoringOp;
  /** A speculative reading that only an option switches on (the card stays `powerKnown: false`). */
  guess?: { option: 'coinAssassinGuess' | 'coinGenerousGuess'; text: string };
}

const unknown = (edition: Edition, number: number, timing: Timing, en: string, fa = 'ناشناخته'): CardDef => ({
  edition,
  number,
  names: { en, fa },
  timing,
  powerKnown: false,
  powerText: 'No public text gives this power (rules §10): the card counts its value only.',
  optional: true,
});

const AMULET: CardDef[] = [
  { edition: 'amulet', number: 0, names: { en: 'Villager', fa: 'روستایی' }, timing: 'FU', powerKnown: true, optional: false, passive: { villagerEnd: true }, powerText: 'While face-up: if the other Villager is also face-up in any village, the round ends at once.' },
  { edition: 'amulet', number: 1, names: { en: 'Squire', fa: 'اسکوایر' }, timing: 'FU', powerKnown: true, optional: true, passive: { display: true }, powerText: 'While face-up: one deck card per face-up Squire lies face-up beside the deck; a player who draws may take it instead.' },
  { edition: 'amulet', number: 2, names: { en: 'Empath', fa: 'همدل' }, timing: 'FU', powerKnown: true, optional: true, alternatives: [[{ op: 'look', where: 'own' }]], powerText: 'While face-up, once per turn: look at one of your face-down cards.' },
  { edition: 'amulet', number: 3, names: { en: 'Bodyguard', fa: 'محافظ' }, timing: 'FU', powerKnown: true, optional: true, passive: { guard: true }, powerText: 'While face-up: this card and one other card you name in your village are protected from other players.' },
  { edition: 'amulet', number: 4, names: { en: 'Rascal', fa: 'ناقلا' }, timing: 'FU', powerKnown: true, optional: false, passive: { extraDraw: true }, powerText: 'While face-up: when you draw from the deck, draw one extra card; keep one, return the others.' },
  { edition: 'amulet', number: 5, names: { en: 'Exposer', fa: 'افشاگر' }, timing: 'DIS', powerKnown: true, optional: true, steps: [{ op: 'flip', where: 'own', from: 'down' }], powerText: 'Discarded after a draw: flip one of your face-down cards face-up.' },
  { edition: 'amulet', number: 6, names: { en: 'Revealer', fa: 'آشکارگر' }, timing: 'DIS', powerKnown: true, optional: true, steps: [{ op: 'flip', where: 'any', from: 'down' }], powerText: 'Discarded after a draw: flip any face-down card in any village face-up.' },
  { edition: 'amulet', number: 7, names: { en: 'Beholder', fa: 'نظاره‌گر' }, timing: 'DIS', powerKnown: true, optional: true, steps: [{ op: 'look', where: 'own' }, { op: 'look', where: 'own', optional: true }], powerText: 'Discarded after a draw: look at up to two of your own cards.' },
  { edition: 'amulet', number: 8, names: { en: 'Apprentice Seer', fa: 'شاگرد پیشگو' }, timing: 'DIS', powerKnown: true, optional: true, steps: [{ op: 'look', where: 'opponent' }], powerText: "Discarded after a draw: look at one card in an opponent's village." },
  { edition: 'amulet', number: 9, names: { en: 'Seer', fa: 'پیشگو' }, timing: 'DIS', powerKnown: true, optional: true, steps: [{ op: 'look', where: 'any' }], powerText: 'Discarded after a draw: look at any face-down card in any village.' },
  { edition: 'amulet', number: 10, names: { en: 'Master', fa: 'استاد' }, timing: 'DIS', powerKnown: true, optional: true, steps: [{ op: 'fromPile' }], powerText: 'Discarded after a draw: take any card of the discard pile and exchange it into your village, face-up.' },
  { edition: 'amulet', number: 11, names: { en: 'Witch', fa: 'جادوگر' }, timing: 'DIS', powerKnown: true, optional: true, steps: [{ op: 'lookTop' }, { op: 'replaceWithTop', optional: true }], powerText: 'Discarded after a draw: look at the top deck card; you may exchange it face-down for a card of any village.' },
  { edition: 'amulet', number: 12, names: { en: 'Robber', fa: 'دزد' }, timing: 'DIS', powerKnown: true, optional: true, steps: [{ op: 'swapOwn' }, { op: 'swapOther', look: true }], powerText: "Discarded after a draw: swap one of your cards with one of an opponent's, then look at the card you received." },
  { edition: 'amulet', number: 13, names: { en: 'Doppelgänger', fa: 'همزاد' }, timing: 'MAT', powerKnown: true, optional: true, passive: { wild: true }, powerText: 'In a multi-card exchange it matches the other cards (wildcard); it scores 13.' },
];

const BULLET: CardDef[] = Array.from({ length: 14 }, (_, n) =>
  n === 1
    ? { edition: 'bullet' as const, number: 1, names: { en: 'Lycan', fa: 'لایکن' }, timing: 'FU' as const, powerKnown: true, optional: true, passive: { plusOne: true }, powerText: 'While face-up: when you exchange several cards, one card may count 1 more for the match (rules §4.2).' }
    : unknown('bullet', n, 'UNKNOWN', `Bullet ${n} (name not found)`),
);

const COIN: CardDef[] = Array.from({ length: 14 }, (_, n): CardDef => {
  switch (n) {
    case 0:
      return { ...unknown('coin', 0, 'SCU', 'Generous (English name not confirmed)', 'دست و دل باز'), powerText: 'At scoring, if face-up: resolves first (effect not found; value only).', scoring: 'give', guess: { option: 'coinGenerousGuess', text: 'Guess (§4.3): at scoring, if face-up, give one card of your village to another player.' } };
    case 2:
      return { edition: 'coin', number: 2, names: { en: 'Curator', fa: 'حکیم' }, timing: 'FU', powerKnown: true, optional: true, alternatives: [[{ op: 'rotate' }], [{ op: 'discardRotated' }]], powerText: 'While face-up, once per turn: rotate one card of your village 90°, or discard one rotated card.' };
    case 8:
      return { ...unknown('coin', 8, 'DIS', 'Assassin (English name not confirmed)', 'قاتل'), powerText: 'Can help empty your own village (effect not found; value only).', steps: [{ op: 'discardOwnFaceUp' }], guess: { option: 'coinAssassinGuess', text: 'Guess (§4.3): discarded after a draw, discard one of your face-up cards.' } };
    case 13:
      return { ...unknown('coin', 13, 'SCU', 'Wolfy (English name not confirmed)', 'گرگی'), powerText: 'At scoring, after the 0s (effect not found; value only).' };
    default:
      return unknown('coin', n, 'UNKNOWN', `Coin ${n} (name not found)`);
  }
});

const DAGGER_TIMING: Timing[] = ['SCU', 'FU', 'SCU', 'FU', 'FU', 'DRV', 'DIS', 'DIS', 'DIS', 'DIS', 'DIS', 'DIS', 'DIS', 'SCA'];
const DAGGER: CardDef[] = Array.from({ length: 14 }, (_, n): CardDef => {
  switch (n) {
    case 0:
      return { edition: 'dagger', number: 0, names: { en: 'Debt Collector', fa: 'شر خر' }, timing: 'SCU', powerKnown: true, optional: true, scoring: 'debt', powerText: "At scoring, if face-up, you may subtract 1 from your total for every card in your opponents' villages (rules §4.4)." };
    case 2:
      return { edition: 'dagger', number: 2, names: { en: 'Halfling', fa: 'آدم کوچولو' }, timing: 'SCU', powerKnown: true, optional: true, scoring: 'halve', powerText: 'At scoring, if face-up, you may halve your total, rounding down (rules §4.4).' };
    case 4:
      return { edition: 'dagger', number: 4, names: { en: 'Zombie', fa: 'زامبی' }, timing: 'FU', powerKnown: true, optional: true, passive: { zombie: true }, powerText: 'Never the top card of the discard pile. While face-up, you may spend your turn giving it face-down to the previous player.' };
    case 5:
      return { edition: 'dagger', number: 5, names: { en: 'Approximator', fa: 'تخمین‌زن' }, timing: 'DRV', powerKnown: true, optional: true, steps: [{ op: 'dump', count: 2 }], powerText: 'Drawn from the deck: exchange it, face-up, for any two cards of your village (they need not match).' };
    case 11:
      return { edition: 'dagger', number: 11, names: { en: 'Reverser', fa: 'معکوس کننده' }, timing: 'DIS', powerKnown: true, optional: true, steps: [{ op: 'reverse' }], powerText: 'Discarded after a draw: reverse the direction of play (2 players: skip the opponent).' };
    case 12:
      return { edition: 'dagger', number: 12, names: { en: 'Master Thief', fa: 'استاد دزد' }, timing: 'DIS', powerKnown: true, optional: true, steps: [{ op: 'swapOwn' }, { op: 'swapOther', look: 'option' }], powerText: "Discarded after a draw: swap one of your cards with one of another player's." };
    case 13:
      return { ...unknown('dagger', 13, 'SCA', 'Hairy One (English name not confirmed)', 'پشمالو'), powerText: 'At scoring, face-up or not, after the 0s and 2s (effect not found; value only).' };
    default:
      return unknown('dagger', n, DAGGER_TIMING[n]!, `Dagger ${n} (name not found)`);
  }
});

const PROMO: CardDef[] = [
  { edition: 'promo', number: 0, names: { en: 'Commander', fa: 'فرمانده' }, timing: 'SCU', powerKnown: true, optional: true, scoring: 'keep', powerText: 'At scoring, if face-up: keep one other card of your village for the next round; swap it in, face-down and public, before you peek.' },
  { edition: 'promo', number: 3, names: { en: 'Prince', fa: 'شازده' }, timing: 'FU', powerKnown: true, optional: false, passive: { prince: true }, powerText: 'While face-up: the face-up cards of your village cannot be changed, removed or flipped by other players.' },
  { edition: 'promo', number: 5, names: { en: 'Cleaner', fa: 'تمیزکار' }, timing: 'DRV', powerKnown: true, optional: true, steps: [{ op: 'declare', min: 6 }], powerText: 'Drawn from the deck: discard other cards of yours you declare worth 6 or more and keep the Cleaner face-up; a wrong guess adds them all back with the Cleaner.' },
  { edition: 'promo', number: 12, names: { en: 'Looter', fa: 'غارتگر' }, timing: 'DIS', powerKnown: true, optional: true, steps: [{ op: 'purge' }], powerText: 'Discarded after a draw: choose a number; every face-up card of it in every village goes under the discard pile and is replaced face-down from the deck.' },
];

/** Every card definition (the catalog order: edition, then number). */
export const CARD_DEFS: readonly CardDef[] = [...AMULET, ...BULLET, ...COIN, ...DAGGER, ...PROMO];

/** Per edition, its cards by number (holes where it has none): looked up per village slot by views and bots, so no key string. */
const BY_EDITION = new Map<string, (CardDef | undefined)[]>(EDITIONS.map((e) => [e, []]));
for (const d of CARD_DEFS) BY_EDITION.get(d.edition)![d.number] = d;

export function cardDef(edition: Edition, number: number): CardDef {
  const d = BY_EDITION.get(edition)?.[number];
  if (!d) throw new Error(`no card ${edition} ${number}`);
  return d;
}

/** Numbers the promo edition can supply. */
export const PROMO_NUMBERS = [0, 3, 5, 12];

/** The catalog exported for clients: every card with its power text or `powerKnown: false`. */
export const catalog = CARD_DEFS.map((d) => ({
  edition: d.edition,
  number: d.number,
  names: d.names,
  timing: d.timing,
  powerKnown: d.powerKnown,
  powerText: d.guess ? `${d.powerText} ${d.guess.text} (option ${d.guess.option})` : d.powerText,
}));

/** Copies of each number in a deck: two 0s and 13s, four of 1–12 (§2.1). */
export const copies = (n: number) => (n === 0 || n === 13 ? 2 : 4);

/** Card ids 0..51: 0–1 are the 0s, 2–49 the 1–12 (four each), 50–51 the 13s. */
export function numberOf(id: number): number {
  if (id < 2) return 0;
  if (id >= 50) return 13;
  return 1 + Math.floor((id - 2) / 4);
}
