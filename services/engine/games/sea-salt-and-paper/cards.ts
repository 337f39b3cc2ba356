/**
 * The 58 cards of Sea Salt & Paper as data (docs/rules/sea-salt-and-paper.md §2.2): every card
 * is a type and a background colour. A card's identity is its id, 0..57, in the order of the
 * table below. English and Persian names as in §1 of that document.
 */

export type Category = 'duo' | 'collector' | 'multiplier' | 'mermaid';

export type CardType =
  | 'crab'
  | 'boat'
  | 'fish'
  | 'swimmer'
  | 'shark'
  | 'shell'
  | 'octopus'
  | 'penguin'
  | 'sailor'
  | 'lighthouse'
  | 'shoalOfFish'
  | 'penguinColony'
  | 'captain'
  | 'mermaid';

export type Colour =
  | 'darkBlue'
  | 'lightBlue'
  | 'black'
  | 'yellow'
  | 'lightGreen'
  | 'white'
  | 'purple'
  | 'lightGrey'
  | 'lightOrange'
  | 'lightPink'
  | 'orange';

export interface Names {
  en: string;
  fa: string;
}

export interface TypeInfo {
  type: CardType;
  category: Category;
  names: Names;
  /** Multipliers only: the type they count and the points per card of it (§2.3). */
  multiplies: { type: CardType; points: number } | null;
  /** Collectors only: points by how many of the type are held (index = count). */
  collector: readonly number[] | null;
  colours: Partial<Record<Colour, number>>;
}

export const COLOURS: Record<Colour, Names> = {
  darkBlue: { en: 'Dark blue', fa: 'آبی تیره' },
  lightBlue: { en: 'Light blue', fa: 'آبی روشن' },
  black: { en: 'Black', fa: 'سیاه' },
  yellow: { en: 'Yellow', fa: 'زرد' },
  lightGreen: { en: 'Light green', fa: 'سبز روشن' },
  white: { en: 'White', fa: 'سفید' },
  purple: { en: 'Purple', fa: 'بنفش' },
  lightGrey: { en: 'Light grey', fa: 'خاکستری روشن' },
  lightOrange: { en: 'Light orange', fa: 'نارنجی روشن' },
  lightPink: { en: 'Light pink', fa: 'صورتی روشن' },
  orange: { en: 'Orange', fa: 'نارنجی' },
};

const duo = (en: string, fa: string, colours: TypeInfo['colours']) => ({ category: 'duo' as const, names: { en, fa }, multiplies: null, collector: null, colours });
const collector = (en: string, fa: string, table: number[], colours: TypeInfo['colours']) => ({ category: 'collector' as const, names: { en, fa }, multiplies: null, collector: table, colours });
const multiplier = (en: string, fa: string, type: CardType, points: number, colour: Colour) => ({
  category: 'multiplier' as const,
  names: { en, fa },
  multiplies: { type, points },
  collector: null,
  colours: { [colour]: 1 },
});

/** Every type with its category, names, scoring data and colour counts (§2.2, §2.3). */
export const TYPES: readonly TypeInfo[] = (
  [
    ['crab', duo('Crab', 'خرچنگ', { darkBlue: 2, lightBlue: 2, yellow: 2, black: 1, lightGreen: 1, lightGrey: 1 })],
    ['boat', duo('Boat', 'قایق', { darkBlue: 2, lightBlue: 2, black: 2, yellow: 2 })],
    ['fish', duo('Fish', 'ماهی', { darkBlue: 2, black: 2, lightBlue: 1, yellow: 1, lightGreen: 1 })],
    ['swimmer', duo('Swimmer', 'شناگر', { darkBlue: 1, lightBlue: 1, black: 1, yellow: 1, lightOrange: 1 })],
    ['shark', duo('Shark', 'کوسه', { darkBlue: 1, lightBlue: 1, black: 1, lightGreen: 1, purple: 1 })],
    ['shell', collector('Shell', 'صدف', [0, 0, 2, 4, 6, 8, 10], { darkBlue: 1, lightBlue: 1, black: 1, yellow: 1, lightGreen: 1, lightGrey: 1 })],
    ['octopus', collector('Octopus', 'هشت‌پا', [0, 0, 3, 6, 9, 12], { lightBlue: 1, yellow: 1, lightGreen: 1, purple: 1, lightGrey: 1 })],
    ['penguin', collector('Penguin', 'پنگوئن', [0, 1, 3, 5], { purple: 1, lightOrange: 1, lightPink: 1 })],
    ['sailor', collector('Sailor', 'ملوان', [0, 0, 5], { lightPink: 1, orange: 1 })],
    ['lighthouse', multiplier('Lighthouse', 'فانوس دریایی', 'boat', 1, 'purple')],
    ['shoalOfFish', multiplier('Shoal of fish', 'دسته‌ی ماهی', 'fish', 1, 'lightGrey')],
    ['penguinColony', multiplier('Penguin colony', 'کلونی پنگوئن‌ها', 'penguin', 2, 'lightGreen')],
    ['captain', multiplier('Captain', 'ناخدا', 'sailor', 3, 'lightOrange')],
    ['mermaid', { category: 'mermaid' as const, names: { en: 'Mermaid', fa: 'پری دریایی' }, multiplies: null, collector: null, colours: { white: 4 } }],
  ] as const
).map(([type, info]) => ({ type, ...info }));

export const TYPE: Record<CardType, TypeInfo> = Object.fromEntries(TYPES.map((t) => [t.type, t])) as Record<CardType, TypeInfo>;

export interface Card {
  id: number;
  type: CardType;
  colour: Colour;
}

/** The deck, ids 0..57: types in table order, colours in each type's listed order. */
export const CARDS: readonly Card[] = TYPES.flatMap((t) => Object.entries(t.colours).flatMap(([colour, n]) => Array.from({ length: n }, () => ({ type: t.type, colour: colour as Colour })))).map(
  (c, id) => ({ id, ...c }),
);

export const DECK_SIZE = CARDS.length;
export const ALL_IDS: readonly number[] = CARDS.map((c) => c.id);
export const MERMAIDS = CARDS.filter((c) => c.type === 'mermaid').length;

export const typeOf = (id: number): CardType => CARDS[id]!.type;
export const colourOf = (id: number): Colour => CARDS[id]!.colour;

/** The duos a pair of cards forms (§3 Phase 2): Crab+Crab, Boat+Boat, Fish+Fish, Shark+Swimmer. */
export type Duo = 'crab' | 'boat' | 'fish' | 'sharkSwimmer';

export function duoOf(a: number, b: number): Duo | null {
  if (a === b) return null;
  const ta = typeOf(a);
  const tb = typeOf(b);
  if (ta === tb && (ta === 'crab' || ta === 'boat' || ta === 'fish')) return ta;
  if ((ta === 'shark' && tb === 'swimmer') || (ta === 'swimmer' && tb === 'shark')) return 'sharkSwimmer';
  return null;
}

/** The categories' names (§2.1). */
export const CATEGORIES: Record<Category, Names> = {
  duo: { en: 'Duo card', fa: 'جُفت‌کارت' },
  collector: { en: 'Collector card', fa: 'کارت کلکسیونی' },
  multiplier: { en: 'Multiplier card', fa: 'کارت ضریب' },
  mermaid: { en: 'Mermaid', fa: 'پری دریایی' },
};

const pairName = (a: CardType, b: CardType): Names => ({ en: `${TYPE[a].names.en} + ${TYPE[b].names.en}`, fa: `${TYPE[a].names.fa} + ${TYPE[b].names.fa}` });

/** The duos' names, by the `duo` key of events and views. */
export const DUOS: Record<Duo, Names> = {
  crab: pairName('crab', 'crab'),
  boat: pairName('boat', 'boat'),
  fish: pairName('fish', 'fish'),
  sharkSwimmer: pairName('shark', 'swimmer'),
};

/**
 * Catalog data for clients: events and histories name cards by id only, so every id maps here
 * to its type, category and colour with their English and Persian names; the types carry
 * their scoring data (§2.3).
 */
export const catalog = {
  cards: CARDS.map((c) => ({ id: c.id, type: c.type, category: TYPE[c.type].category, colour: c.colour, names: TYPE[c.type].names, colourNames: COLOURS[c.colour] })),
  types: TYPES.map((t) => ({ type: t.type, category: t.category, names: t.names, multiplies: t.multiplies, collector: t.collector, colours: t.colours })),
  categories: CATEGORIES,
  colours: COLOURS,
  duos: DUOS,
};
