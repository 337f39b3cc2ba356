/** The play-by-turn words of the page (clocks, leaving, rematch, claims, the create form), English and Persian; i18n.js merges them. */
export default {
  en: {
    timeControl: 'Time control', noClock: 'No clock', perMove1d: '1 day per move', perMove3d: '3 days per move', perMove1h: '1 hour per move',
    bank7d1d: 'Bank 7 days + 1 day a move', bank3d12h: 'Bank 3 days + 12 hours a move', onTimeout: 'When time runs out',
    onTimeoutBOT: 'A bot makes one move', onTimeoutFORFEIT: 'The seat is out: a bot plays it to the end', onTimeoutASK: 'The others choose (bot, end or wait)',
    clocks: 'Clocks', onVacation: 'on vacation', days: 'd', outOfTime: 'out of time',
    resign: 'Resign', resignConfirm: 'Resign this game? A bot plays your seat to the end.', resignYes: 'Yes, resign', keepPlaying: 'Keep playing',
    cancelGame: 'Cancel the game', offerRematch: 'Offer a rematch', acceptRematch: 'Accept the rematch', declineRematch: 'Decline',
    rematchOffered: 'A rematch is offered', rematchWaiting: 'Rematch offered: waiting for the others', rematchDeclined: 'The rematch was declined',
    openRematch: 'Go to the rematch', claimAsk: 'ran out of time. What now?', claimBOT: 'Let a bot play for them', claimEND: 'End the game now',
    claimWAIT: 'Wait for them', claimWaiting: 'ran out of time: the other players choose', endedByClaim: 'ended by claim: out of time',
    askName: 'Your name at the table', turnSound: 'Sound on my turn', namePrompt: 'What is your name at the table?',
  },
  fa: {
    timeControl: 'زمان‌بندی', noClock: 'بی‌ساعت', perMove1d: 'هر حرکت ۱ روز', perMove3d: 'هر حرکت ۳ روز', perMove1h: 'هر حرکت ۱ ساعت',
    bank7d1d: 'اندوختهٔ ۷ روز + ۱ روز هر حرکت', bank3d12h: 'اندوختهٔ ۳ روز + ۱۲ ساعت هر حرکت', onTimeout: 'وقتی وقت تمام شود',
    onTimeoutBOT: 'رباتی یک حرکت می‌کند', onTimeoutFORFEIT: 'صندلی می‌بازد: رباتی تا پایان بازی می‌کند', onTimeoutASK: 'دیگران تصمیم می‌گیرند (ربات، پایان یا صبر)',
    clocks: 'ساعت‌ها', onVacation: 'در مرخصی', days: 'روز', outOfTime: 'وقت تمام شد',
    resign: 'کناره‌گیری', resignConfirm: 'از این بازی کنار می‌کشید؟ رباتی تا پایان به جای شما بازی می‌کند.', resignYes: 'بله، کنار می‌کشم', keepPlaying: 'ادامه می‌دهم',
    cancelGame: 'لغو بازی', offerRematch: 'پیشنهاد بازی دوباره', acceptRematch: 'پذیرفتن بازی دوباره', declineRematch: 'نپذیرفتن',
    rematchOffered: 'بازی دوباره پیشنهاد شده است', rematchWaiting: 'بازی دوباره پیشنهاد شد: در انتظار دیگران', rematchDeclined: 'بازی دوباره پذیرفته نشد',
    openRematch: 'رفتن به بازی دوباره', claimAsk: 'وقتش تمام شد. اکنون چه کنیم؟', claimBOT: 'رباتی به جایش بازی کند', claimEND: 'بازی همین حالا تمام شود',
    claimWAIT: 'منتظرش بمانیم', claimWaiting: 'وقتش تمام شد: بازیکنان دیگر تصمیم می‌گیرند', endedByClaim: 'با ادعا تمام شد: وقت تمام شده بود',
    askName: 'نام شما سر میز', turnSound: 'صدا در نوبت من', namePrompt: 'نام شما سر میز چیست؟',
  },
};
