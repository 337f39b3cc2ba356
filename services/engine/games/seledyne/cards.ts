/**
 * Seledyne's cards as data (§1, §2.1): six houses, ten numbered house cards each.
 * One card of each house carries the Exchange symbol (value 4) and one the Sum symbol "+" (value 5).
 * Sections (§) and option ids (A0–A30) cite docs/rules/seledyne.md.
 */
export const HOUSES = [
  { id: 'NAB', en: 'Nabist', fa: 'نابیست' },
  { id: 'SAL', en: 'Salaist', fa: 'سالاییست' },
  { id: 'YAR', en: 'Yarist', fa: 'یاریست' },
  { id: 'ARM', en: 'Armaist', fa: 'آرماییست' },
  { id: 'INE', en: 'Inersit', fa: 'اینرسیت' },
  { id: 'MOR', en: 'Moraist', fa: 'موراییست' },
] as const;

export type HouseId = (typeof HOUSES)[number]['id'];
export const HOUSE_IDS = HOUSES.map((h) => h.id) as [HouseId, ...HouseId[]];

export type Special = 'EXCHANGE' | 'SUM';

/** The two marked cards (§4.5, §4.6), with their names in English and Persian. */
export const SPECIALS: Record<Special, { en: string; fa: string }> = {
  EXCHANGE: { en: 'Exchange', fa: 'تعویض' },
  SUM: { en: 'Sum', fa: 'جمع' },
};

/** A house card, e.g. `{ id: "MOR-07", house: "MOR", value: 7, special: null }`. */
export interface Card {
  id: string;
  house: HouseId;
  value: number;
  special: Special | null;
}

export interface DeckSpec {
  cardValues: number[];
  exchangeCardValue: number;
  sumCardValue: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The internalized copy of `s` (V8 keeps one per string, and a property key is one): two such ids compare by address,
 * not character by character, and the rules and bots find cards by id in loops at every move (about
 * a third faster per look-up).
 */
const interned = (s: string): string => Object.keys({ [s]: 0 })[0]!;

/**
 * A house's ten cards. The id is house and value (`MOR-07`); a repeated value (possible only with a
 * custom `cardValues`) gets a letter (`MOR-07b`). The first card of the Exchange value carries the
 * Exchange symbol, the first of the Sum value the Sum symbol.
 */
export function houseCards(house: HouseId, spec: DeckSpec): Card[] {
  const seen = new Map<number, number>();
  let exchange = false;
  let sum = false;
  return spec.cardValues.map((value) => {
    const n = seen.get(value) ?? 0;
    seen.set(value, n + 1);
    let special: Special | null = null;
    if (!exchange && value === spec.exchangeCardValue) {
      special = 'EXCHANGE';
      exchange = true;
    } else if (!sum && value === spec.sumCardValue) {
      special = 'SUM';
      sum = true;
    }
    return { id: interned(`${house}-${pad(value)}${n === 0 ? '' : String.fromCharCode(97 + n)}`), house, value, special };
  });
}

export const total = (cards: readonly Card[]) => cards.reduce((s, c) => s + c.value, 0);
