/**
 * What this browser remembers: the player's name, the seat tokens joinGame returned (one per
 * game), and a registered player's token where the server has players. Nothing else.
 */
const KEY = 'parlor.v1';
const MAX_GAMES = 200; // oldest forgotten first: localStorage is small

function load() {
  try {
    return JSON.parse(localStorage.getItem(KEY)) ?? {};
  } catch {
    return {};
  }
}

function save(data) {
  localStorage.setItem(KEY, JSON.stringify(data));
}

export const store = {
  get name() {
    return load().name ?? '';
  },
  set name(v) {
    save({ ...load(), name: v });
  },
  get lang() {
    return load().lang ?? (navigator.language?.startsWith('fa') ? 'fa' : 'en');
  },
  set lang(v) {
    save({ ...load(), lang: v });
  },
  /** Forced single moves made for the player (default on). */
  get autoAdvance() {
    return load().autoAdvance ?? true;
  },
  set autoAdvance(v) {
    save({ ...load(), autoAdvance: v });
  },
  /** A beep when the turn comes to me (default off). */
  get turnSound() {
    return load().turnSound ?? false;
  },
  set turnSound(v) {
    save({ ...load(), turnSound: v });
  },
  get player() {
    return load().player ?? null;
  },
  set player(v) {
    save({ ...load(), player: v });
  },
  /** { gameId: { seat, token, type, at } } */
  get seats() {
    return load().seats ?? {};
  },
  seatIn(gameId) {
    return this.seats[gameId] ?? null;
  },
  remember(gameId, entry) {
    const data = load();
    const seats = { ...(data.seats ?? {}), [gameId]: { ...entry, at: Date.now() } };
    const ids = Object.keys(seats).sort((a, b) => seats[b].at - seats[a].at);
    for (const id of ids.slice(MAX_GAMES)) delete seats[id];
    save({ ...data, seats });
  },
};
