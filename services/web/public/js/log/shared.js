/** Phrases for the events every game's stream holds (the table's and the app's): [English, Persian]. */
export default {
  GameCreated: [() => 'The game was created', () => 'بازی ساخته شد'],
  SeatTaken: [(e, x) => `${x.who(e.seat)} took seat ${x.n(e.seat + 1)}`, (e, x) => `${x.who(e.seat)} در صندلی ${x.n(e.seat + 1)} نشست`],
  GameEnded: [(e, x) => `The game ended: ${x.list(e.result.winners.map(x.who))} won`, (e, x) => `بازی تمام شد: ${x.list(e.result.winners.map(x.who))} برنده شد`],
  GameSettings: [() => 'The table settings were fixed', () => 'تنظیمات میز ثبت شد'],
  SeatClaimed: [(e, x) => `A registered player holds seat ${x.n(e.seat + 1)}`, (e, x) => `بازیکنی ثبت‌نام‌شده صندلی ${x.n(e.seat + 1)} را گرفت`],
  DeadlineSet: [(e, x) => `${x.who(e.seat)}'s clock started`, (e, x) => `ساعت ${x.who(e.seat)} به کار افتاد`],
  ClockStopped: [(e, x) => `${x.who(e.seat)}'s clock stopped`, (e, x) => `ساعت ${x.who(e.seat)} ایستاد`],
  TimedOut: [(e, x) => `${x.who(e.seat)} ran out of time: a bot moved for them`, (e, x) => `وقت ${x.who(e.seat)} تمام شد: رباتی به جایش بازی کرد`],
  SeatResigned: [(e, x) => `${x.who(e.seat)} resigned: a bot plays the seat`, (e, x) => `${x.who(e.seat)} کنار کشید: رباتی به جایش بازی می‌کند`],
  GameCancelled: [(e) => (e.reason === 'expired' ? 'The game expired before it started' : 'The game was cancelled'), (e) => (e.reason === 'expired' ? 'مهلت بازی پیش از شروع سر آمد' : 'بازی لغو شد')],
  RematchCreated: [() => 'A rematch was created', () => 'بازی دوباره ساخته شد'],
};
