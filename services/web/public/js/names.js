/**
 * How the page names a seat and a bot. The server names every bot seat after its spec
 * ("search:2 bot"), so two bots of one kind read alike in the seat bar, the log and the final
 * scores; the page gives each its own name in its language: "Bot 2 (search·2)", "ربات ۲ (جستجو·۲)",
 * numbered by seat. A registered bot keeps its chosen name; so does a person. Pure: Node tests import it.
 */
import { digits } from './numerals.js';

/** The bot kinds and their descriptions in both languages; a kind the server adds later shows its own words. */
export const BOT_WORDS = {
  random: { en: 'random', fa: 'تصادفی', about: { en: 'Plays a random legal move.', fa: 'یک حرکت مجاز را تصادفی بازی می‌کند.' } },
  greedy: { en: 'greedy', fa: 'حریص', about: { en: 'Looks one move ahead and takes the best score.', fa: 'یک حرکت جلوتر را می‌بیند و بهترین امتیاز را برمی‌دارد.' } },
  search: { en: 'search', fa: 'جستجوگر', about: { en: 'Plans ahead from what its seat knows; stronger at each level.', fa: 'از روی آنچه صندلی‌اش می‌داند پیش‌بینی می‌کند؛ در هر سطح قوی‌تر.' } },
};

/** A kind's name in the language ("search" → "جستجوگر"); an unknown kind as the server spells it. */
export function kindName(kind, lang) {
  return BOT_WORDS[kind]?.[lang] ?? BOT_WORDS[kind]?.en ?? kind;
}

/** A kind's short description, or the server's own text for a kind the page does not know. */
export function kindAbout(kind, lang, fallback = '') {
  return BOT_WORDS[kind]?.about[lang] ?? fallback;
}

/** A bot spec in words: "search:2" → "search·2" (Persian: "جستجوگر·۲"); "greedy" → "greedy". */
export function specName(spec, lang) {
  const [kind, level] = String(spec).split(':');
  return level === undefined ? kindName(kind, lang) : `${kindName(kind, lang)}·${digits(level, lang)}`;
}

/**
 * The number of a bot the server named itself: a game's bot seat ("search:2 bot", numbered by its
 * seat) or a tournament's bot entrant ("search:1 #3", by its entry); null for a chosen name.
 */
function serverBotNumber(p, fallback) {
  if (!p.bot) return null;
  if (p.name === `${p.bot} bot`) return fallback;
  const m = p.name.startsWith(`${p.bot} #`) && /^\d+$/.exec(p.name.slice(p.bot.length + 2));
  return m ? Number(m[0]) : null;
}

/** "Bot 2 (search·2)" / "ربات ۲ (جستجوگر·۲)". */
export function botName(n, spec, lang) {
  return `${lang === 'fa' ? 'ربات' : 'Bot'} ${digits(n, lang)} (${specName(spec, lang)})`;
}

/** A seat holder's name as the page shows it; `p`: { seat, name, kind, bot } (GraphQL's Player). */
export function holderName(p, lang) {
  if (!p) return '';
  const n = serverBotNumber(p, p.seat + 1);
  return n === null ? p.name : botName(n, p.bot, lang);
}

/** A tournament entrant ({ index, name, bot }) as the page shows it. */
export function entrantName(e, lang) {
  const n = serverBotNumber(e, e.index + 1);
  return n === null ? e.name : botName(n, e.bot, lang);
}

/** Seat `s` of `players`: its holder's shown name, else "Seat 3" ("صندلی ۳"). */
export function seatName(players, s, lang) {
  const p = players?.find((x) => x.seat === s);
  return p ? holderName(p, lang) : `${lang === 'fa' ? 'صندلی' : 'Seat'} ${digits(s + 1, lang)}`;
}
