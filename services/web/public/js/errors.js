/**
 * A refusal as the page says it. In English the server's code and message ("NOT_YOUR_TURN: …");
 * in Persian a sentence per stable code (docs/api.md's codes), never the server's English text.
 */
import { lang } from './i18n.js';

const FA = {
  BAD_INPUT: 'درخواست نادرست است.',
  UNAUTHENTICATED: 'این کار ورود یا نشانهٔ صندلی می‌خواهد.',
  FORBIDDEN: 'این کار اینجا مجاز نیست.',
  NOT_FOUND: 'پیدا نشد.',
  NOT_YOUR_TURN: 'نوبت شما نیست.',
  ILLEGAL_MOVE: 'این حرکت مجاز نیست.',
  VERSION_CONFLICT: 'بازی در این میان تغییر کرد؛ دوباره امتحان کنید.',
  GAME_OVER: 'بازی تمام شده است.',
  RATE_LIMITED: 'درخواست‌ها زیاد بود؛ کمی بعد دوباره امتحان کنید.',
  BUSY: 'کارگزار سرش شلوغ است؛ کمی بعد دوباره امتحان کنید.',
  RATED_NEEDS_PLAYERS: 'بازی رتبه‌ای فقط بازیکنان ثبت‌نام‌شده را می‌پذیرد.',
  RATED_FIXED_SEED: 'بازی رتبه‌ای بذر ثابت ندارد.',
  RATED_SEAT_TWICE: 'در بازی رتبه‌ای هر بازیکن یک صندلی دارد.',
  STREAM_DAMAGED: 'پروندهٔ این بازی آسیب دیده است.',
  VERSION_OUT_OF_RANGE: 'چنین گامی در این بازی نیست.',
  GAME_NOT_OVER: 'تا بازی تمام نشده این دید بسته است.',
  SEAT_NOT_YOURS: 'تا بازی در جریان است، فقط دید صندلی خودتان باز است.',
  TOO_MANY_OPEN_SEATS: 'صندلی‌های شما در بازی‌های آغازنشده به سقف رسیده است.',
  ADDRESS_NOT_ALLOWED: 'این نشانی مجاز نیست.',
  TOURNAMENT_NEEDS_PLAYER: 'مسابقه دست‌کم یک بازیکن انسانی می‌خواهد.',
  ENTRY_LIMIT: 'از این نشانی یا دستگاه به اندازهٔ کافی شرکت‌کننده آمده است.',
  ENTRY_TOO_NEW: 'حساب شما برای این مسابقهٔ رتبه‌ای هنوز تازه است.',
  TAKE_BACK_NOT_ALLOWED: 'این حرکت را دیگر نمی‌توان پس گرفت.',
  SEEK_CLOSED: 'این دعوت دیگر باز نیست.',
  RATING_OUT_OF_RANGE: 'رتبهٔ شما در بازهٔ این دعوت نیست.',
  MATCH_LIMIT: 'دعوت‌ها یا نوبت‌های بازی سریع شما به سقف رسیده است.',
  CHALLENGES_FULL: 'دعوت‌های باز این بازیکن به سقف رسیده است؛ بعداً دوباره دعوت کنید.',
  LINKED_ENTRANT: 'حسابی هم‌دستگاه یا هم‌نشانی با شما در این مسابقه هست.',
  REGISTRATION_LIMIT: 'از این نشانی در این ساعت به اندازهٔ کافی حساب ساخته شده است؛ بعداً دوباره امتحان کنید.',
};

/** The text of a refusal (an Error with `code`, or anything thrown) in the page's language. */
export function errorText(err) {
  const code = err?.code;
  if (lang() === 'fa') return `خطا: ${FA[code] ?? 'کار انجام نشد؛ دوباره امتحان کنید.'}`;
  return `${code ?? 'Error'}: ${err?.message ?? err}`;
}
