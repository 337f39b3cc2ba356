/**
 * Silver's power texts in Persian: the card panel and the "Use its power" button say them instead
 * of the catalog's English. The default edition (Silver Amulet, every power known) by card number;
 * the other editions by the catalog's English text (most of their powers are not known, and share
 * one text), so a changed English text shows as untranslated (test/web/silver-powers-fa.test.ts).
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

/** Bullet, Coin, Dagger and the promo cards, by the catalog's English text. */
export const OTHER_FA = {
  'No public text gives this power (rules §10): the card counts its value only.': 'هیچ متن عمومی‌ای این قدرت را نمی‌گوید (قواعد §۱۰): این کارت فقط ارزشش را می‌شمارد.',
  'While face-up: when you exchange several cards, one card may count 1 more for the match (rules §4.2).': 'تا رو به بالاست: وقتی چند کارت را مبادله می‌کنید، یکی از کارت‌ها می‌تواند برای جور شدن یکی بیشتر بشمارد (قواعد §۴٫۲).',
  'At scoring, if face-up: resolves first (effect not found; value only).': 'هنگام امتیازشماری، اگر رو به بالا باشد: پیش از همه اجرا می‌شود (اثرش یافت نشد؛ فقط ارزشش حساب می‌شود).',
  'While face-up, once per turn: rotate one card of your village 90°, or discard one rotated card.': 'تا رو به بالاست، نوبتی یک بار: یکی از کارت‌های دهکده‌تان را ۹۰ درجه بچرخانید، یا یک کارت چرخانده را دور بیندازید.',
  'Can help empty your own village (effect not found; value only).': 'می‌تواند به خالی کردن دهکدهٔ خودتان کمک کند (اثرش یافت نشد؛ فقط ارزشش حساب می‌شود).',
  'At scoring, after the 0s (effect not found; value only).': 'هنگام امتیازشماری، پس از صفرها (اثرش یافت نشد؛ فقط ارزشش حساب می‌شود).',
  "At scoring, if face-up, you may subtract 1 from your total for every card in your opponents' villages (rules §4.4).": 'هنگام امتیازشماری، اگر رو به بالا باشد: می‌توانید به ازای هر کارت در دهکده‌های حریفان ۱ از جمع خود کم کنید (قواعد §۴٫۴).',
  'At scoring, if face-up, you may halve your total, rounding down (rules §4.4).': 'هنگام امتیازشماری، اگر رو به بالا باشد: می‌توانید جمع خود را نصف کنید، رو به پایین گرد شده (قواعد §۴٫۴).',
  'Never the top card of the discard pile. While face-up, you may spend your turn giving it face-down to the previous player.': 'هرگز کارت روی دورریز نمی‌ماند. تا رو به بالاست، می‌توانید نوبتتان را صرف دادنش، پشت‌ورو، به بازیکن قبلی کنید.',
  'Drawn from the deck: exchange it, face-up, for any two cards of your village (they need not match).': 'کشیده از دسته: آن را رو به بالا با هر دو کارتی از دهکده‌تان مبادله کنید (لازم نیست جور باشند).',
  'Discarded after a draw: reverse the direction of play (2 players: skip the opponent).': 'دورانداخته پس از کشیدن: جهت بازی را برعکس کنید (دو نفره: نوبت حریف رد می‌شود).',
  "Discarded after a draw: swap one of your cards with one of another player's.": 'دورانداخته پس از کشیدن: یکی از کارت‌هایتان را با کارتی از بازیکنی دیگر جابه‌جا کنید.',
  'At scoring, face-up or not, after the 0s and 2s (effect not found; value only).': 'هنگام امتیازشماری، رو یا پشت‌ورو، پس از صفرها و دوها (اثرش یافت نشد؛ فقط ارزشش حساب می‌شود).',
  'At scoring, if face-up: keep one other card of your village for the next round; swap it in, face-down and public, before you peek.': 'هنگام امتیازشماری، اگر رو به بالا باشد: یک کارت دیگر دهکده‌تان را برای دور بعد نگه دارید؛ پیش از نگاه کردن، آن را پشت‌ورو و پیش چشم همه جایگزین کنید.',
  'While face-up: the face-up cards of your village cannot be changed, removed or flipped by other players.': 'تا رو به بالاست: بازیکنان دیگر نمی‌توانند کارت‌های رو به بالای دهکدهٔ شما را عوض کنند، بردارند یا برگردانند.',
  'Drawn from the deck: discard other cards of yours you declare worth 6 or more and keep the Cleaner face-up; a wrong guess adds them all back with the Cleaner.': 'کشیده از دسته: کارت‌های دیگرتان را که می‌گویید ۶ یا بیشترند دور بیندازید و تمیزکار را رو به بالا نگه دارید؛ اگر اشتباه گفته باشید، همه با تمیزکار به دهکده برمی‌گردند.',
  'Guess (§4.3): at scoring, if face-up, give one card of your village to another player.': 'حدس (§۴٫۳): هنگام امتیازشماری، اگر رو به بالا باشد، یک کارت دهکده‌تان را به بازیکنی دیگر بدهید.',
  'Guess (§4.3): discarded after a draw, discard one of your face-up cards.': 'حدس (§۴٫۳): دورانداخته پس از کشیدن، یکی از کارت‌های رو به بالایتان را دور بیندازید.',
  'Discarded after a draw: choose a number; every face-up card of it in every village goes under the discard pile and is replaced face-down from the deck.': 'دورانداخته پس از کشیدن: عددی برگزینید؛ هر کارت رو به بالای آن عدد در هر دهکده زیر دورریز می‌رود و از دسته، پشت‌ورو، جایگزین می‌شود.',
};

/** A catalog entry's power text in the language (Persian where translated, else the catalog's). */
export function powerText(entry, lang) {
  if (!entry?.powerText) return null;
  if (lang !== 'fa') return entry.powerText;
  return (entry.edition === 'amulet' ? AMULET_FA[entry.number] : OTHER_FA[entry.powerText]) || entry.powerText;
}

/** Another text of the catalog (a power's guessed reading) in the language. */
export function catalogText(text, lang) {
  return (lang === 'fa' && OTHER_FA[text]) || text;
}

/** The power alone, without its timing ("Discarded after a draw: look at…" → "look at…"), for a button. */
export function powerOnly(text) {
  return text ? text.replace(/^[^:]{0,40}:\s*/, '') : null;
}
