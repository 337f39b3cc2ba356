/**
 * Silver's power texts in Persian, for the default edition (Silver Amulet, every power known), by
 * card number: the card panel and the "Use its power" button say them instead of the catalog's
 * English. Other editions' cards show the catalog's text until someone translates them.
 */
export const AMULET_FA = {
  0: 'تا رو به بالاست: اگر روستاییِ دیگر هم در دهکده‌ای رو به بالا باشد، دور همان دم تمام می‌شود.',
  1: 'تا رو به بالاست: به ازای هر اسکوایرِ رو به بالا یک کارت دسته کنار دسته رو می‌شود؛ کسی که می‌کشد می‌تواند آن را بردارد.',
  2: 'تا رو به بالاست، نوبتی یک بار: به یکی از کارت‌های پشت‌وروی خودتان نگاه کنید.',
  3: 'تا رو به بالاست: این کارت و یک کارت دیگرِ دهکده‌تان که نام می‌برید از دست دیگران در امان‌اند.',
  4: 'تا رو به بالاست: وقتی از دسته می‌کشید، یک کارت بیشتر بکشید؛ یکی را نگه دارید و بقیه را برگردانید.',
  5: 'دورانداخته پس از کشیدن: یکی از کارت‌های پشت‌وروی خودتان را رو کنید.',
  6: 'دورانداخته پس از کشیدن: هر کارت پشت‌ورویی را در هر دهکده‌ای رو کنید.',
  7: 'دورانداخته پس از کشیدن: به حداکثر دو کارت خودتان نگاه کنید.',
  8: 'دورانداخته پس از کشیدن: به یک کارت در دهکدهٔ یک حریف نگاه کنید.',
  9: 'دورانداخته پس از کشیدن: به هر کارت پشت‌ورویی در هر دهکده‌ای نگاه کنید.',
  10: 'دورانداخته پس از کشیدن: هر کارتی از دورریز را بردارید و رو به بالا با کارتی از دهکده‌تان مبادله کنید.',
  11: 'دورانداخته پس از کشیدن: به کارت روی دسته نگاه کنید؛ می‌توانید آن را پشت‌ورو با کارتی از هر دهکده‌ای مبادله کنید.',
  12: 'دورانداخته پس از کشیدن: یکی از کارت‌هایتان را با کارتی از یک حریف جابه‌جا کنید، سپس به کارتی که گرفتید نگاه کنید.',
  13: 'در مبادلهٔ چندکارتی با کارت‌های دیگر جور می‌شود (جوکر)؛ ۱۳ امتیاز دارد.',
};

/** A catalog entry's power text in the language (Persian where translated, else the catalog's). */
export function powerText(entry, lang) {
  if (!entry?.powerText) return null;
  return (lang === 'fa' && entry.edition === 'amulet' && AMULET_FA[entry.number]) || entry.powerText;
}

/** The power alone, without its timing ("Discarded after a draw: look at…" → "look at…"), for a button. */
export function powerOnly(text) {
  return text ? text.replace(/^[^:]{0,40}:\s*/, '') : null;
}
