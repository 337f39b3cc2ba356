/**
 * Finding a game on the page (docs/matchmaking.md): "Play now" per game in the lobby (the quick-play
 * pool; the page asks how it stands until a game is found, then opens it), the open challenges
 * with Accept (or Cancel for one's own), a form to open one, and a Challenge button on a player's
 * or a bot's page. Words in English and Persian here; the lobby and the player page call in.
 */
import { gql } from './api.js';
import { clear, h } from './dom.js';
import { lang, named } from './i18n.js';
import { num } from './numerals.js';
import { store } from './seats.js';

const WORDS = {
  en: {
    playNow: 'Play now', withBots: 'Bots may take the empty seats after a minute', waiting: 'Looking for players for {game}…', leave: 'Stop looking',
    seeks: 'Open challenges', noSeeks: 'No open challenge.', accept: 'Accept', cancel: 'Cancel', openSeek: 'Open a challenge', game: 'Game', seats: 'Players',
    rating: 'rating', until: 'until', challenge: 'Challenge', challengeSent: 'Challenge sent: it waits for them.', forYou: 'for you', rated: 'rated',
  },
  fa: {
    playNow: 'همین حالا بازی کن', withBots: 'پس از یک دقیقه ربات‌ها صندلی‌های خالی را بگیرند', waiting: 'در جست‌وجوی بازیکن برای {game}…', leave: 'دیگر نگرد',
    seeks: 'چالش‌های باز', noSeeks: 'چالش بازی نیست.', accept: 'پذیرفتن', cancel: 'لغو', openSeek: 'گشودن چالش', game: 'بازی', seats: 'بازیکنان',
    rating: 'رتبه', until: 'تا', challenge: 'چالش', challengeSent: 'چالش فرستاده شد: منتظر پاسخ اوست.', forYou: 'برای شما', rated: 'رتبه‌ای',
  },
};
const tt = (key, vars = {}) => (WORDS[lang()][key] ?? WORDS.en[key] ?? key).replace(/\{(\w+)\}/g, (_, k) => vars[k] ?? '');

const POLL_MS = 5_000; // the pool is paired on each read: a light poll moves it on and finds the game
const SEEK = 'id game seats rated creator for status gameId expiresAt ratingRange { min max } players { seat player name }';
const ENTRY = 'game seats gameId';

/** Registers the page's player once (as the lobby does: this module is imported by pages the lobby imports). */
async function signedIn() {
  if (!store.player) {
    const data = await gql('mutation($name: String!) { registerPlayer(name: $name) { player { id name } token } }', { name: store.name.trim() || 'Player' });
    store.player = { id: data.registerPlayer.player.id, name: data.registerPlayer.player.name, token: data.registerPlayer.token };
  }
  return store.player.token;
}

/** The lobby's panel: Play now per game and the open challenges. Stops polling once the lobby is left. */
export function matchPanel(app) {
  const error = h('p.error', { role: 'alert' });
  const status = h('p.quick-status', { 'aria-live': 'polite' });
  const bots = h('input', { type: 'checkbox', name: 'quick-bots' });
  const seeks = h('div.seek-list');
  const typeName = (id) => named(app.catalog.find((g) => g.id === id)?.names, id);
  const fail = (err) => (error.textContent = `${err.code ?? ''}: ${err.message}`);
  let waitingFor = null;

  const found = (gameId) => {
    waitingFor = null;
    location.hash = `#/game/${gameId}`;
  };
  const showWaiting = () =>
    clear(status, waitingFor ? [tt('waiting', { game: typeName(waitingFor.game) }), ' ', h('button.link.leave-pool', { onclick: leave }, tt('leave'))] : []);
  const leave = async () => {
    const input = waitingFor;
    waitingFor = null;
    showWaiting();
    if (input) await gql('mutation($i: QuickPlayInput!) { leaveQuickPlay(input: $i) }', { i: input }, store.player?.token).catch(fail);
  };
  const playNow = (type) => async () => {
    try {
      const token = await signedIn();
      const seats = type.seats.min;
      const input = { game: type.id, seats, bots: bots.checked ? seats - 1 : 0 };
      const data = await gql(`mutation($i: QuickPlayInput!) { playNow(input: $i) { ${ENTRY} } }`, { i: input }, token);
      if (data.playNow.gameId) return found(data.playNow.gameId);
      waitingFor = input;
      showWaiting();
    } catch (err) {
      fail(err);
    }
  };

  const refreshSeeks = async () => {
    const data = await gql(`{ openSeeks(first: 30) { ${SEEK} } }`);
    const me = store.player?.id;
    const items = data.openSeeks.map((s) =>
      h(
        'li',
        { dataset: { seek: s.id } },
        h('strong', {}, typeName(s.game)),
        h('span.muted', {}, ` ${s.players.map((p) => p.name).join(' · ')} · ${num(s.players.length, lang())}/${num(s.seats, lang())}${s.rated ? ` · ${tt('rated')}` : ''}`),
        s.ratingRange ? h('span.muted', {}, ` · ${tt('rating')} ${s.ratingRange.min ?? '…'}–${s.ratingRange.max ?? '…'}`) : null,
        h('span.muted', {}, ` · ${tt('until')} ${new Date(s.expiresAt).toLocaleTimeString(document.documentElement.lang)} `),
        s.creator === me ? h('button.cancel-seek', { onclick: act('cancelSeek', s.id) }, tt('cancel')) : h('button.accept-seek', { onclick: act('acceptSeek', s.id) }, tt('accept')),
      ),
    );
    clear(seeks, items.length ? h('ul.list.seeks', {}, items) : h('p.muted', {}, tt('noSeeks')));
  };
  const act = (mutation, id) => async () => {
    try {
      const token = await signedIn();
      const data = await gql(`mutation($id: ID!) { ${mutation}(id: $id) { ${SEEK} } }`, { id }, token);
      if (data[mutation].gameId) return found(data[mutation].gameId);
      await refreshSeeks();
    } catch (err) {
      fail(err);
    }
  };

  const game = h('select', { name: 'seek-game', 'aria-label': tt('game') }, app.catalog.map((g) => h('option', { value: g.id }, named(g.names, g.id))));
  const seats = h('input', { name: 'seek-seats', type: 'number', min: 2, max: 6, value: 2, 'aria-label': tt('seats') });
  const openSeek = async (e) => {
    e.preventDefault();
    try {
      const token = await signedIn();
      await gql(`mutation($i: SeekInput!) { openSeek(input: $i) { id } }`, { i: { game: game.value, seats: Number(seats.value) } }, token);
      await refreshSeeks();
    } catch (err) {
      fail(err);
    }
  };

  const panel = h(
    'section.matchmaking',
    {},
    h('h2', {}, tt('playNow')),
    h('div.play-now-list', {}, app.catalog.map((g) => h('button.play-now', { dataset: { game: g.id }, onclick: playNow(g) }, named(g.names, g.id)))),
    h('label.quick-bots', {}, bots, ' ', tt('withBots')),
    status,
    h('h2', {}, tt('seeks')),
    seeks,
    h('form.open-seek', { onsubmit: openSeek }, h('label', {}, tt('game'), ' ', game), h('label', {}, tt('seats'), ' ', seats), h('button', { type: 'submit' }, tt('openSeek'))),
    error,
  );
  const tick = async () => {
    if (!panel.isConnected) return clearInterval(timer);
    if (document.visibilityState !== 'visible') return;
    if (waitingFor) {
      const data = await gql(`query($i: QuickPlayInput!) { quickPlay(input: $i) { ${ENTRY} } }`, { i: waitingFor }, store.player?.token);
      if (data.quickPlay?.gameId) return found(data.quickPlay.gameId);
    }
    await refreshSeeks();
  };
  const timer = setInterval(() => tick().catch(() => {}), POLL_MS);
  refreshSeeks().catch(fail);
  return panel;
}

/** A player's (or a bot's) page: Challenge them at a game they are rated in. */
export function challengeButton(app, profile, game) {
  if (!app.mutations.has('challengeBot')) return null;
  const note = h('span.muted.challenge-note', { 'aria-live': 'polite' });
  const go = async () => {
    try {
      const token = await signedIn();
      const seats = app.catalog.find((g) => g.id === game)?.seats.min ?? 2;
      if (profile.bot) {
        const data = await gql('mutation($i: ChallengeBotInput!) { challengeBot(input: $i) }', { i: { game, bot: profile.id.replace(/^bot:/, ''), seats } }, token);
        location.hash = `#/game/${data.challengeBot}`;
      } else {
        await gql('mutation($p: ID!, $i: SeekInput!) { challengePlayer(player: $p, input: $i) { id } }', { p: profile.id, i: { game, seats } }, token);
        note.textContent = tt('challengeSent');
      }
    } catch (err) {
      note.textContent = `${err.code ?? ''}: ${err.message}`;
    }
  };
  if (profile.id === store.player?.id) return null;
  return h('span', {}, h('button.challenge', { onclick: go }, tt('challenge')), ' ', note);
}
