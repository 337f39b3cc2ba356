/** English and Persian words of the page. Game and card names come from the catalog. */
import { store } from './seats.js';
import playByTurnWords from './words-play-by-turn.js';

const WORDS = {
  en: {
    title: 'Parlor', tagline: 'Card games with hidden information', yourName: 'Your name', games: 'Games', myGames: 'My games',
    openGames: 'Open games', noOpenGames: 'No game is waiting for players.', noMyGames: 'You have not joined a game yet.',
    newGame: 'New game', seats: 'Players', options: 'Rules options', seed: 'Seed (optional: fixes the shuffles)', create: 'Create and join',
    join: 'Join', watch: 'Watch', invite: 'Invite link', copy: 'Copy', copied: 'Copied', open: 'Open', lobby: 'Lobby',
    yourMove: 'Your move', waitingFor: 'Waiting for', waitingPlayers: 'Waiting for players', over: 'Game over', winners: 'Winners',
    scores: 'Scores', round: 'Round', history: 'History', debug: 'Debug', rawView: 'View (raw)', legalMoves: 'Legal moves',
    historyJson: 'History (JSON)', fairness: 'Fairness', seedHash: 'Seed hash (SHA-256)', seedRevealed: 'Seed (revealed)',
    seedHidden: 'revealed when the game ends', seedFixedNote: 'The seed of this game was fixed by its creator: the shuffles were chosen, not random.',
    seedBoardNote: 'A tournament board: the server drew this deal at random when the round started, and every table of the board plays the same cards.',
    seedTournamentNote: 'A tournament game: the server drew this deal at random when the round started.',
    spectator: 'You are watching', you: 'you', actions: 'Actions', clear: 'Clear selection', selectHint: 'Click a highlighted card or place.',
    allMoves: 'moves', version: 'version', phase: 'phase', awaiting: 'awaiting your move', finished: 'finished', playing: 'in play',
    hand: 'Hand', table: 'Table', deck: 'Deck', discard: 'Discard', lastRound: 'Last round', total: 'Total', language: 'فارسی',
    defaults: 'defaults', error: 'Error', live: 'live', offline: 'reconnecting…', seat: 'Seat', taken: 'taken', full: 'full',
    playBots: 'Play against bots', playNow: 'Play', bot: 'bot', level: 'level', botHint: 'You take seat 1; bots take the others.',
    account: 'Account', notSignedIn: 'This browser is not signed in. Use a passkey, or a code shown on a device that is.',
    signInPasskey: 'Sign in with a passkey', linkCode: 'Code from another device', signIn: 'Sign in', newAccount: 'New account with my name',
    signedInAs: 'Signed in as', addPasskey: 'Add a passkey', passkeyAdded: 'Passkey added: sign in with it on any device.',
    showCode: 'Show a code for another device', codeFor: 'Type this code on the other device:', validUntil: 'valid until',
    devices: 'Devices', thisDevice: 'this device', revoke: 'Sign out', signOut: 'Sign out here',
    viaREGISTER: 'new account', viaPASSKEY: 'passkey', viaDEVICE_LINK: 'code', viaRENEWED: 'renewed',
    chat: 'Messages', message: 'Message', messagePlaceholder: 'Write to the table (Enter sends)', send: 'Send', noMessages: 'No message yet.',
    mute: 'Mute', unmute: 'Unmute',
    replay: 'Replay', replayOf: 'Replay of', stepBack: 'Step back', step: 'Step', previous: 'Previous step', next: 'Next step', steps: 'Steps',
    pointOfView: 'Point of view', faceUp: 'All cards face-up', viewOf: 'As seen by', linkToStep: 'Link to this step', backToGame: 'Back to the game',
    replayOwnOnly: 'While the game runs you step back through what your seat has seen.',
    leaderboard: 'Leaderboard', player: 'Player', rating: 'Rating', ratedGames: 'rated games', provisional: 'provisional', provisionalWhy: 'Off the leaderboard until rated games against five different opponents', notCounted: 'not counted: too many games against this opponent lately', notCountedLinked: 'not counted: two seats from one address or device', aborted: 'aborted: too few moves by a player, unrated', place: 'Place', noRatings: 'No rated games yet.',
    noPlayer: 'No such player.', rated: 'Rated (changes the players’ ratings; no seed)',
    confirmCall: 'Sure? Click again:', selectMore: 'Now click where it goes, or pick below.', allMovesPanel: 'All moves', autoAdvance: 'Make forced moves for me (auto-advance)',
    close: 'Close', rules: 'Rules', log: 'Game log', won: 'won', wonPlural: 'won (shared)', noWinner: 'no one won: every seat resigned or forfeited', resignedTag: 'resigned', forfeitedTag: 'forfeited', finalScores: 'Final scores', lowestWins: 'The lowest total wins.',
    highestWins: 'The highest total wins.', player: 'Player', winner: 'winner', rulesOf: 'Rules of', rulesSection: 'rules', backToTable: 'Back',
    notifications: 'Notifications', pushChannel: 'Push on this browser', onHere: 'on', off: 'off', turnOn: 'Turn on', turnOff: 'Turn off', retry: 'Try again',
    pushOn: 'Push notifications are on in this browser.', pushOff: 'Push notifications are off in this browser.', pushFailed: 'Push could not be turned on', pushUnsupported: 'this browser cannot receive push',
    emailChannel: 'Email digest', emailAddress: 'Email address', save: 'Save', emailSaved: 'Saved.', emailHint: '(games awaiting you, at most every few hours; empty: no email)',
    soundChannel: 'Sound', soundHint: 'a beep on my turn and when my time runs low (this browser)',
    passkeyNeedsDomain: 'Passkeys work on a named address, not on an IP address: open this page at', fillBots: 'Fill with bots', seatHint: 'You take seat 1. Each other seat: a person (by the invite link) or a bot.', aPerson: 'A person (invite)',
    personHint: 'Someone joins by the invite link.', createPlay: 'Create and play', howToPlay: 'How to play', fullRules: 'Full rules',
    completeEditions: 'Editions: Silver (amulet) is complete — every power known; in Dagger 8 of 14 numbers and in Coin 13 of 14 have no known power.',
  },
  fa: {
    title: 'پارلر', tagline: 'بازی‌های کارتی با اطلاعات پنهان', yourName: 'نام شما', games: 'بازی‌ها', myGames: 'بازی‌های من',
    openGames: 'بازی‌های باز', noOpenGames: 'هیچ بازی‌ای منتظر بازیکن نیست.', noMyGames: 'هنوز به بازی‌ای نپیوسته‌اید.',
    newGame: 'بازی تازه', seats: 'بازیکنان', options: 'گزینه‌های قوانین', seed: 'بذر (اختیاری: بُر زدن را ثابت می‌کند)', create: 'ساختن و پیوستن',
    join: 'پیوستن', watch: 'تماشا', invite: 'پیوند دعوت', copy: 'رونوشت', copied: 'رونوشت شد', open: 'باز کردن', lobby: 'سرسرا',
    yourMove: 'نوبت شما', waitingFor: 'در انتظار', waitingPlayers: 'در انتظار بازیکنان', over: 'بازی تمام شد', winners: 'برندگان',
    scores: 'امتیازها', round: 'دور', history: 'تاریخچه', debug: 'اشکال‌زدایی', rawView: 'نما (خام)', legalMoves: 'حرکت‌های مجاز',
    historyJson: 'تاریخچه (JSON)', fairness: 'انصاف', seedHash: 'درهم‌ساز بذر (SHA-256)', seedRevealed: 'بذر (آشکار شده)',
    seedHidden: 'در پایان بازی آشکار می‌شود', seedFixedNote: 'بذر این بازی را سازنده‌اش ثابت کرده است: بُر زدن‌ها انتخاب شده‌اند، نه تصادفی.',
    seedBoardNote: 'یک صفحهٔ مسابقه: کارگزار این دست را هنگام آغاز دور به‌تصادف کشیده است و همهٔ میزهای این صفحه با همین کارت‌ها بازی می‌کنند.',
    seedTournamentNote: 'یک بازی مسابقه: کارگزار این دست را هنگام آغاز دور به‌تصادف کشیده است.',
    spectator: 'شما تماشاگرید', you: 'شما', actions: 'کارها', clear: 'پاک کردن انتخاب', selectHint: 'روی یک کارت یا جای برجسته بزنید.',
    allMoves: 'حرکت', version: 'نسخه', phase: 'مرحله', awaiting: 'منتظر حرکت شما', finished: 'تمام شده', playing: 'در جریان',
    hand: 'دست', table: 'میز', deck: 'دسته', discard: 'دورریز', lastRound: 'دور پیشین', total: 'جمع', language: 'English',
    defaults: 'پیش‌فرض‌ها', error: 'خطا', live: 'زنده', offline: 'در حال اتصال دوباره…', seat: 'صندلی', taken: 'پر شده', full: 'پر',
    playBots: 'بازی با ربات‌ها', playNow: 'شروع بازی', bot: 'ربات', level: 'سطح', botHint: 'شما در صندلی ۱ می‌نشینید و ربات‌ها در بقیه.',
    account: 'حساب', notSignedIn: 'این مرورگر وارد نشده است. با گذرکلید وارد شوید، یا با کدی که دستگاهِ واردشده نشان می‌دهد.',
    signInPasskey: 'ورود با گذرکلید', linkCode: 'کد از دستگاه دیگر', signIn: 'ورود', newAccount: 'حساب تازه با نام من',
    signedInAs: 'وارد شده به نام', addPasskey: 'افزودن گذرکلید', passkeyAdded: 'گذرکلید افزوده شد: با آن در هر دستگاهی وارد شوید.',
    showCode: 'نمایش کد برای دستگاه دیگر', codeFor: 'این کد را در دستگاه دیگر وارد کنید:', validUntil: 'معتبر تا',
    devices: 'دستگاه‌ها', thisDevice: 'این دستگاه', revoke: 'خروج', signOut: 'خروج از این دستگاه',
    viaREGISTER: 'حساب تازه', viaPASSKEY: 'گذرکلید', viaDEVICE_LINK: 'کد', viaRENEWED: 'تمدید شده',
    chat: 'پیام‌ها', message: 'پیام', messagePlaceholder: 'به میز بنویسید (Enter می‌فرستد)', send: 'فرستادن', noMessages: 'هنوز پیامی نیست.',
    mute: 'بی‌صدا کردن', unmute: 'باصدا کردن',
    replay: 'بازپخش', replayOf: 'بازپخش', stepBack: 'گام به عقب', step: 'گام', previous: 'گام پیشین', next: 'گام بعدی', steps: 'گام‌ها',
    pointOfView: 'از دید', faceUp: 'همهٔ کارت‌ها رو', viewOf: 'از دید', linkToStep: 'پیوند به این گام', backToGame: 'بازگشت به بازی',
    replayOwnOnly: 'تا بازی در جریان است، تنها آنچه صندلی شما دیده است را می‌توانید مرور کنید.',
    leaderboard: 'جدول رده‌بندی', player: 'بازیکن', rating: 'رتبه', ratedGames: 'بازی رتبه‌ای', provisional: 'موقت', provisionalWhy: 'تا بازی رتبه‌ای با پنج حریف مختلف، در جدول رده‌بندی نیست', notCounted: 'حساب نشد: بازی‌های زیاد با همین حریف در این اواخر', notCountedLinked: 'حساب نشد: دو صندلی از یک نشانی یا دستگاه', aborted: 'لغو شد: حرکت‌های یک بازیکن کم بود، بی‌رتبه', place: 'جایگاه', noRatings: 'هنوز بازی رتبه‌ای نیست.',
    noPlayer: 'چنین بازیکنی نیست.', rated: 'رتبه‌ای (رتبهٔ بازیکنان را تغییر می‌دهد؛ بدون بذر)',
    confirmCall: 'مطمئنید؟ دوباره بزنید:', selectMore: 'اکنون جای آن را بزنید یا از زیر برگزینید.', allMovesPanel: 'همهٔ حرکت‌ها', autoAdvance: 'حرکت‌های ناگزیر را خودکار انجام بده',
    close: 'بستن', rules: 'قوانین', log: 'گزارش بازی', won: 'برنده شد', wonPlural: 'برنده شدند (مشترک)', noWinner: 'برنده‌ای نیست: همهٔ بازیکنان کناره گرفتند یا باختند', resignedTag: 'کناره گرفت', forfeitedTag: 'با اتمام وقت باخت', finalScores: 'امتیازهای پایانی', lowestWins: 'کمترین جمع می‌برد.',
    highestWins: 'بیشترین جمع می‌برد.', player: 'بازیکن', winner: 'برنده', rulesOf: 'قوانین', rulesSection: 'قوانین', backToTable: 'بازگشت',
    notifications: 'اعلان‌ها', pushChannel: 'اعلان فشاری در این مرورگر', onHere: 'روشن', off: 'خاموش', turnOn: 'روشن کن', turnOff: 'خاموش کن', retry: 'دوباره امتحان کن',
    pushOn: 'اعلان فشاری در این مرورگر روشن است.', pushOff: 'اعلان فشاری در این مرورگر خاموش است.', pushFailed: 'اعلان فشاری روشن نشد', pushUnsupported: 'این مرورگر اعلان فشاری نمی‌گیرد',
    emailChannel: 'خلاصهٔ ایمیلی', emailAddress: 'نشانی ایمیل', save: 'ذخیره', emailSaved: 'ذخیره شد.', emailHint: '(بازی‌هایی که منتظر شمایند، هر چند ساعت یک بار؛ خالی: بی‌ایمیل)',
    soundChannel: 'صدا', soundHint: 'بوقی در نوبت من و وقتی وقتم کم می‌شود (این مرورگر)',
    passkeyNeedsDomain: 'گذرکلید روی نشانیِ نام‌دار کار می‌کند، نه روی نشانی عددی: این صفحه را اینجا باز کنید', fillBots: 'پر کردن با ربات', seatHint: 'شما در صندلی ۱ می‌نشینید. هر صندلی دیگر: یک نفر (با پیوند دعوت) یا یک ربات.', aPerson: 'یک نفر (دعوت)',
    personHint: 'کسی با پیوند دعوت می‌پیوندد.', createPlay: 'ساختن و بازی', howToPlay: 'چگونه بازی کنیم', fullRules: 'قوانین کامل',
    completeEditions: 'ویرایش‌ها: سیلور (طلسم) کامل است — قدرت همهٔ کارت‌ها معلوم است؛ در خنجر ۸ از ۱۴ و در سکه ۱۳ از ۱۴ عدد قدرت شناخته‌شده ندارند.',
  },
};

for (const l of ['en', 'fa']) Object.assign(WORDS[l], playByTurnWords[l]);

export function lang() {
  return store.lang === 'fa' ? 'fa' : 'en';
}

export function t(key) {
  return WORDS[lang()][key] ?? WORDS.en[key] ?? key;
}

/** A { en, fa } pair in the page's language. */
export function named(names, fallback = '') {
  return (names && (names[lang()] || names.en)) || fallback;
}

export function applyLang() {
  document.documentElement.lang = lang();
  document.documentElement.dir = lang() === 'fa' ? 'rtl' : 'ltr';
}
