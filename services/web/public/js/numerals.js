/**
 * Numbers as the page's language writes them: Persian digits (۰–۹) in Persian, a true minus sign
 * (−, not a hyphen), and a signed number kept left-to-right inside right-to-left text (isolated
 * with U+2066/U+2069) so "-6" never shows as "6-". Pure: the log's tests import it in Node.
 */
const FA_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

/** Every ASCII digit of a text in the language's digits. */
export function digits(text, lang) {
  const s = String(text);
  return lang === 'fa' ? s.replace(/[0-9]/g, (d) => FA_DIGITS[Number(d)]) : s;
}

/** A number: Persian digits in Persian; a negative one with a minus sign, isolated left-to-right. */
export function num(n, lang) {
  if (typeof n !== 'number' || !Number.isFinite(n)) return digits(n ?? '', lang);
  const body = digits(Math.abs(n), lang);
  if (n >= 0) return body;
  return lang === 'fa' ? `\u2066−${body}\u2069` : `−${body}`;
}
