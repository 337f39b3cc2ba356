/** Seledyne's houses and card names, for the board, the move labels and the log. */
/** The houses' names (services/engine/games/seledyne/cards.ts HOUSES). */
export const HOUSES = {
  NAB: { en: 'Nabist', fa: 'نابیست' }, SAL: { en: 'Salaist', fa: 'سالاییست' }, YAR: { en: 'Yarist', fa: 'یاریست' },
  ARM: { en: 'Armaist', fa: 'آرماییست' }, INE: { en: 'Inersit', fa: 'اینرسیت' }, MOR: { en: 'Moraist', fa: 'موراییست' },
};

/** "NAB-04" → "Nabist 4" (the id's house and value, as moves and events name a card). */
export function cardName(id, lang) {
  const m = /^([A-Z]{3})-0*(\d+)/.exec(typeof id === 'string' ? id : id?.id ?? '');
  if (!m) return String(id);
  const house = HOUSES[m[1]];
  const n = lang === 'fa' ? m[2].replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[d]) : m[2];
  return `${house ? house[lang] ?? house.en : m[1]} ${n}`;
}
