/**
 * Tournaments: the list (#/tournaments) with a create form and Join, and a tournament's page
 * (#/tournament/<id>) with its entrants, standings and rounds (boards, their seed hash, the seed
 * once every table of the board has ended, and the games). Words in English and Persian here.
 */
import { gql } from './api.js';
import { clear, h } from './dom.js';
import { lang, named } from './i18n.js';
import { ensurePlayer } from './lobby.js';
import { store } from './seats.js';
import { digits, num } from './numerals.js';
import { entrantName } from './names.js';
import { errorText } from './errors.js';

const WORDS = {
  en: {
    tournaments: 'Tournaments', none: 'No tournament yet.', create: 'Create tournament', game: 'Game', seats: 'Players per table', rounds: 'Rounds',
    format: 'Format', duplicateTag: 'duplicate', duplicate: 'Duplicate deals (every table of a board plays the same cards)', bots: 'Bot entrants (e.g. random, greedy, search:1)',
    join: 'Join', start: 'Start', remove: 'Remove', removeNamed: 'Remove {name} from the tournament', entrants: 'Entrants', standings: 'Standings', rank: 'Rank', points: 'Points', difference: 'Difference', played: 'Games',
    round: 'Round', board: 'Board', table: 'Table', seedHash: 'Seed hash', seed: 'Seed', sealed: 'revealed when every table of the board has ended',
    OPEN: 'open', RUNNING: 'running', FINISHED: 'finished', SWISS: 'Swiss', ROUND_ROBIN: 'Round robin', ended: 'ended', playing: 'in play', open: 'Open',
  },
  fa: {
    tournaments: 'مسابقه‌ها', none: 'هنوز مسابقه‌ای نیست.', create: 'ساختن مسابقه', game: 'بازی', seats: 'بازیکن در هر میز', rounds: 'دورها',
    format: 'شیوه', duplicateTag: 'دست‌های تکراری', duplicate: 'دست‌های تکراری (همهٔ میزهای یک تخته با همان کارت‌ها بازی می‌کنند)', bots: 'ربات‌های شرکت‌کننده (نوع هر ربات به انگلیسی، جدا با ویرگول؛ نمونه در خانه)',
    join: 'پیوستن', start: 'آغاز', remove: 'حذف', removeNamed: 'حذف {name} از مسابقه', entrants: 'شرکت‌کنندگان', standings: 'جدول', rank: 'رتبه', points: 'امتیاز', difference: 'تفاضل', played: 'بازی‌ها',
    round: 'دور', board: 'تخته', table: 'میز', seedHash: 'درهم‌ساز بذر', seed: 'بذر', sealed: 'وقتی همهٔ میزهای این تخته تمام شوند آشکار می‌شود',
    OPEN: 'باز', RUNNING: 'در جریان', FINISHED: 'تمام شده', SWISS: 'سوئیسی', ROUND_ROBIN: 'دوره‌ای', ended: 'تمام شده', playing: 'در جریان', open: 'باز کردن',
  },
};
const tt = (key) => WORDS[lang()][key] ?? WORDS.en[key] ?? key;
/** Numbers in the page's digits; a fixed-point one with its sign kept left-to-right ("−۴۸٫۰", never "48.0-"). */
const n = (v) => num(v, lang());
const fixed = (v, places) => {
  const body = digits(Math.abs(v).toFixed(places), lang()).replace('.', lang() === 'fa' ? '٫' : '.');
  return v < 0 ? (lang() === 'fa' ? `\u2066−${body}\u2069` : `−${body}`) : body;
};
/** The arrow to a page further on, pointing the language's way. */
const onward = () => (lang() === 'fa' ? '←' : '→');

const ENTRANT = 'index name player bot';
const FIELDS = `id game seats roundCount format duplicate status creator entrants { ${ENTRANT} }
  standings { rank points difference games entrant { ${ENTRANT} } }
  rounds { round completed boards { board seedHash seed completed games { id table ended scores seats { ${ENTRANT} } } } }`;

/** The list and the create form. */
export async function tournamentList(root, app) {
  const data = await gql(`{ tournaments(first: 20) { id game seats roundCount format duplicate status entrants { index } } }`);
  const error = h('p.error', { role: 'alert' });
  const form = createForm(app, error);
  const items = data.tournaments.map((x) =>
    h('li', { dataset: { id: x.id } }, h('strong', {}, named(app.catalog.find((g) => g.id === x.game)?.names, x.game)), ` · ${tt(x.format)}${x.duplicate ? ` · ${tt('duplicateTag')}` : ''} · ${n(x.entrants.length)} · ${tt(x.status)} `, h('a.button', { href: `#/tournament/${x.id}` }, `${tt('open')} ${onward()}`)),
  );
  clear(root, h('section.tournaments', {}, h('h2', {}, tt('tournaments')), items.length ? h('ul.list', {}, items) : h('p.muted', {}, tt('none')), h('h2', {}, tt('create')), form, error));
  return null;
}

function createForm(app, error) {
  const game = h('select', { name: 'game', 'aria-label': tt('game') }, app.catalog.map((g) => h('option', { value: g.id }, named(g.names, g.id))));
  const seats = h('input', { name: 'seats', type: 'number', min: 2, max: 6, value: 2, 'aria-label': tt('seats') });
  const rounds = h('input', { name: 'rounds', type: 'number', min: 1, max: 15, value: 3, 'aria-label': tt('rounds') });
  const format = h('select', { name: 'format', 'aria-label': tt('format') }, ['SWISS', 'ROUND_ROBIN'].map((f) => h('option', { value: f }, tt(f))));
  const duplicate = h('input', { name: 'duplicate', type: 'checkbox', checked: true });
  const bots = h('input', { name: 'bots', value: '', placeholder: 'random, greedy', 'aria-label': tt('bots') });
  const submit = async (e) => {
    e.preventDefault();
    try {
      await ensurePlayer(store.name.trim() || 'Player');
      const input = { game: game.value, seats: Number(seats.value), rounds: Number(rounds.value), format: format.value, duplicate: duplicate.checked, bots: bots.value.split(',').map((b) => b.trim()).filter(Boolean) };
      const data = await gql('mutation($i: CreateTournamentInput!) { createTournament(input: $i) { id } }', { i: input }, store.player?.token);
      location.hash = `#/tournament/${data.createTournament.id}`;
    } catch (err) {
      error.textContent = errorText(err);
    }
  };
  const row = (label, input) => h('label', {}, label, ' ', input);
  return h('form.create-tournament', { onsubmit: submit }, row(tt('game'), game), row(tt('seats'), seats), row(tt('rounds'), rounds), row(tt('format'), format), row(tt('duplicate'), duplicate), row(tt('bots'), bots), h('button', { type: 'submit' }, tt('create')));
}

/** A tournament's page: Join and Start while open, standings, rounds. */
export async function tournamentPage(root, app, id) {
  const { tournament: x } = await gql(`query($id: ID!) { tournament(id: $id) { ${FIELDS} } }`, { id });
  const error = h('p.error', { role: 'alert' });
  const me = store.player;
  const act = (mutation) => async () => {
    try {
      await ensurePlayer(store.name.trim() || 'Player');
      await gql(`mutation($id: ID!) { ${mutation}(id: $id) { id } }`, { id }, store.player?.token);
      await tournamentPage(root, app, id);
    } catch (err) {
      error.textContent = errorText(err);
    }
  };
  const joined = me && x.entrants.some((e) => e.player === me.id);
  // Before the start, the creator can take an entrant out (later entrants move up one index).
  const removable = x.status === 'OPEN' && me?.id === x.creator;
  const remove = (e) => async () => {
    try {
      await gql('mutation($id: ID!, $i: Int!, $n: String) { removeEntrant(id: $id, index: $i, name: $n) { id } }', { id, i: e.index, n: e.name }, store.player?.token);
      await tournamentPage(root, app, id);
    } catch (err) {
      error.textContent = errorText(err);
    }
  };
  const actions = x.status !== 'OPEN' ? [] : [!joined && h('button.join', { onclick: act('joinTournament') }, tt('join')), me?.id === x.creator && h('button.start', { onclick: act('startTournament') }, tt('start'))];
  const who = (e) => h('span', { class: e.player && e.player === me?.id ? 'you' : '' }, entrantName(e, lang()));
  clear(
    root,
    h(
      'section.tournament',
      { dataset: { status: x.status } },
      h('h2', {}, named(app.catalog.find((g) => g.id === x.game)?.names, x.game), ` · ${tt(x.format)} · ${tt(x.status)}`),
      h('p', {}, `${tt('seats')}: ${n(x.seats)} · ${tt('rounds')}: ${n(x.rounds.length)}/${n(x.roundCount)}${x.duplicate ? ` · ${tt('duplicate')}` : ''}`),
      actions,
      error,
      h('h3', {}, tt('entrants')),
      h('p.entrants', {}, x.entrants.map((e, i) => [i ? (lang() === 'fa' ? '، ' : ', ') : '', who(e), removable ? [' ', h('button.remove-entrant.small', { type: 'button', dataset: { index: e.index }, 'aria-label': tt('removeNamed').replace('{name}', entrantName(e, lang())), onclick: remove(e) }, '✕')] : null])),
      h('h3', {}, tt('standings')),
      h('table.standings', {}, h('tr', {}, [tt('rank'), '', tt('points'), tt('difference'), tt('played')].map((c) => h('th', {}, c))), x.standings.map((r) => h('tr', {}, h('td', {}, n(r.rank)), h('td', {}, who(r.entrant)), h('td', {}, fixed(r.points, 2)), h('td', {}, fixed(r.difference, 1)), h('td', {}, n(r.games))))),
      x.rounds.map((r) => h('div.round', { dataset: { round: r.round } }, h('h3', {}, `${tt('round')} ${n(r.round)}`), r.boards.map((b) => board(b, who)))),
    ),
  );
  return null;
}

function board(b, who) {
  return h(
    'div.tboard',
    { dataset: { board: b.board, completed: String(b.completed) } },
    h('h4', {}, `${tt('board')} ${n(b.board + 1)}`),
    // One part a line: hashes are left-to-right code, the words around them the page's direction.
    h('p.muted.seed', {}, h('span', {}, `${tt('seedHash')}: `, h('code', { dir: 'ltr' }, b.seedHash.slice(0, 16) + '…'))),
    h('p.muted.seed', {}, h('span', {}, `${tt('seed')}: `, b.seed ? h('code.seed-revealed', { dir: 'ltr' }, b.seed.slice(0, 16) + '…') : h('span.sealed', {}, tt('sealed')))),
    h('ul.list', {}, b.games.map((g) => h('li', {}, `${tt('table')} ${n(g.table + 1)}: `, g.seats.map((e, i) => [i ? ' – ' : '', who(e)]), g.scores ? ` (${g.scores.map(n).join(' : ')})` : '', ` · ${g.ended ? tt('ended') : tt('playing')} `, h('a.button.open-table', { href: `#/game/${g.id}`, 'aria-label': `${tt('table')} ${n(g.table + 1)}` }, `${tt('open')} ${onward()}`)))),
  );
}
