/**
 * The engine's codes (phases, round-end reasons, call kinds, editions…) in words, English and
 * Persian, so the page never prints "phase turn-open", "cannot-act" or "roundCap". Pure.
 */
const W = {
  // phases (the table's own, then the games')
  'waiting-for-players': ['waiting for players', 'در انتظار بازیکنان'],
  setup: ['setting up', 'آماده‌سازی'], over: ['game over', 'پایان بازی'], play: ['playing', 'در حال بازی'],
  rotate: ['choosing whether to turn the hand', 'انتخاب برگرداندن دست'], between: ['between rounds', 'میان دو دور'],
  'scout-show': ['Scout & Show: now show', 'اسکات و نمایش: اکنون نشان بده'],
  draw: ['drawing', 'کشیدن کارت'], keep: ['keeping one drawn card', 'نگه‌داشتن یک کارت کشیده'],
  crabPile: ['crab duo: choosing a discard pile', 'جفت خرچنگ: انتخاب دورریز'], crabCard: ['crab duo: taking a card', 'جفت خرچنگ: برداشتن کارت'],
  shark: ['shark and swimmer: stealing a card', 'کوسه و شناگر: دزدیدن کارت'],
  roll: ['rolling the dice', 'ریختن تاس'], six: ['the Six Rule', 'قانون شش'], turn: ['turns', 'نوبت‌ها'],
  roundEnd: ['round ending', 'پایان دور'], stageEnd: ['stage ending', 'پایان مرحله'],
  'round-draw': ['the round draw', 'کشیدن دور'], 'six-rule': ['the Six Rule', 'قانون شش'], 'round-end': ['round ending', 'پایان دور'], 'stage-end': ['stage ending', 'پایان مرحله'],
  'turn-open': ['a turn begins', 'آغاز نوبت'], 'turn-select': ['building a tribute', 'ساختن پیشکش'], 'turn-draws': ['Six-Multiple draws', 'کشیدن‌های مضرب شش'],
  'turn-ready': ['ready to give', 'آمادهٔ هدیه'], 'turn-gifting': ['giving', 'هدیه دادن'], 'turn-closing': ['ending the turn', 'پایان نوبت'],
  hold: ['holding a card: discard, use or exchange it', 'کارتی در دست: دور بینداز، به کار ببر یا مبادله کن'], rascal: ['Rascal: keeping one drawn card', 'ناقلا: نگه‌داشتن یک کارت'],
  place: ['placing a card in the village', 'گذاشتن کارت در دهکده'], power: ['using a power', 'به کار بردن قدرت'], score: ['a scoring choice', 'انتخاب امتیازشماری'],
  commander: ['Commander: keeping cards', 'فرمانده: نگه‌داشتن کارت'], peek: ['peeking at two cards', 'نگاه به دو کارت'], scoring: ['scoring', 'امتیازشماری'],
  // SCOUT round ends
  'empty-hand': ['a hand was emptied', 'دستی خالی شد'], 'scouted-around': ['everyone scouted the set in turn', 'همه به نوبت از دستهٔ فعال برداشتند'],
  'cannot-act': ['the player to move could do nothing', 'بازیکنِ نوبت هیچ کاری نمی‌توانست'], passed: ['a player passed', 'بازیکنی گذر کرد'],
  'action-limit': ['the round reached its action limit', 'دور به سقف حرکت‌هایش رسید'],
  // Sea Salt & Paper
  STOP: ['STOP', 'بس'], LAST_CHANCE: ['LAST CHANCE', 'آخرین فرصت'], EMPTY_DECK: ['the draw pile ran out', 'دستهٔ کارت تمام شد'],
  TARGET: ['a player reached the target score', 'بازیکنی به امتیاز هدف رسید'], FOUR_MERMAIDS: ['four mermaids', 'چهار پری دریایی'],
  // Seledyne stage ends
  lastRound: ['the last round was played', 'دور آخر بازی شد'], noLegalGift: ['no gift was possible', 'هیچ هدیه‌ای ممکن نبود'],
  deadlock: ['nobody could play', 'هیچ‌کس نمی‌توانست بازی کند'], roundCap: ['the round limit was reached', 'سقف دورها رسید'],
  // Silver round ends
  call: ['a vote was called', 'رأی‌گیری اعلام شد'], deck: ['the deck ran out', 'دسته تمام شد'], villagers: ['both Villagers were face up', 'هر دو روستایی رو بودند'],
  // Silver editions and tokens
  amulet: ['Amulet', 'طلسم'], dagger: ['Dagger', 'خنجر'], coin: ['Coin', 'سکه'], bullet: ['Bullet', 'گلوله'], promo: ['promo', 'تبلیغاتی'],
};

/** A code in words; an unknown code as it is, with its dashes spaced out. */
export function word(code, lang) {
  const w = W[code];
  if (w) return lang === 'fa' ? w[1] : w[0];
  return String(code ?? '').replace(/[-_]/g, ' ');
}
