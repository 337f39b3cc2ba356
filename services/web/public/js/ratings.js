/**
 * Ratings on the page: a game type's leaderboard in the lobby, and a player's page (#/player/<id>)
 * with their rating in each game type and its recent history. Text goes in as text (textContent).
 */
import { challengeButton } from './matchmaking.js';
import { gql } from './api.js';
import { clear, h } from './dom.js';
import { lang, named, t } from './i18n.js';
import { digits } from './numerals.js';

const TOP = 10;
const RECENT = 10;
/**
 * A rating to one decimal as the page's language writes it. In Persian: Persian digits and decimal
 * separator (٫), and a negative one with a true minus sign kept left of its digits (as numerals.js num).
 */
const fixed = (x) => {
  const l = lang();
  if (l !== 'fa') return x.toFixed(1);
  const body = digits(Math.abs(x).toFixed(1), l).replace('.', '٫');
  return x < 0 && Math.abs(x).toFixed(1) !== '0.0' ? `\u2066−${body}\u2069` : body;
};
/** A whole number in the page's digits. */
const whole = (n) => digits(n, lang());
/** Between the figures of one line: a middle dot reads as the Persian zero (۰), so Persian takes its comma. */
const between = () => (lang() === 'fa' ? '، ' : ' · ');
/** From a rating before to the one after: the arrow points the way the line reads (right to left in Persian). */
const towards = () => (lang() === 'fa' ? '←' : '→');
/**
 * A Greek label and its figure (μ 23.7). In Persian the left-to-right μ would pull the digits after it
 * into its own left-to-right run, so the figure showed on the label's right, read first; a right-to-left
 * mark after the label keeps the label first, on the right, as the line reads.
 */
const labelled = (label, x) => (lang() === 'fa' ? `${label}\u200f ${fixed(x)}` : `${label} ${fixed(x)}`);
export const playerHref = (id) => `#/player/${encodeURIComponent(id)}`;

/** The lobby's leaderboard: the best TOP of one game type, chosen in a select. */
export function leaderboardPanel(catalog) {
  const body = h('div.leaderboard-body');
  const show = async (game) => {
    const data = await gql('query($g: String!, $n: Int) { leaderboard(game: $g, first: $n) { edges { node { player { id name bot } rating mu sigma games } } } }', { g: game, n: TOP });
    const rows = data.leaderboard.edges.map((e) => e.node);
    if (!rows.length) return clear(body, h('p.muted', {}, t('noRatings')));
    clear(
      body,
      h(
        'table.ratings',
        {},
        h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, t('player')), h('th', {}, t('rating')), h('th', {}, 'μ ± σ'), h('th', {}, t('ratedGames')))),
        h('tbody', {}, rows.map((r, i) => h('tr', {}, h('td', {}, whole(i + 1)), h('td', {}, h('a', { href: playerHref(r.player.id) }, r.player.name), r.player.bot ? h('span.tag.bot', {}, t('bot')) : null), h('td', {}, fixed(r.rating)), h('td.muted', {}, `${fixed(r.mu)} ± ${fixed(r.sigma)}`), h('td', {}, whole(r.games))))),
      ),
    );
  };
  const select = h('select', { 'aria-label': t('leaderboard'), onchange: (e) => show(e.target.value).catch(() => {}) }, catalog.map((g) => h('option', { value: g.id }, named(g.names, g.id))));
  if (catalog.length) show(catalog[0].id).catch(() => clear(body, h('p.muted', {}, t('noRatings'))));
  return h('section.leaderboard', {}, h('h2', {}, t('leaderboard'), ' ', select), body);
}

/** A player's page: their ratings per game type, each with its latest changes. */
export async function playerPage(root, app, id) {
  const data = await gql(
    `query($id: ID!, $n: Int) { playerProfile(id: $id) { id name bot ratings { game rating mu sigma games provisional history(first: $n) { edges { node { gameId endedAt place players rating ratingBefore counted linkedSeats } } } } } }`,
    { id, n: RECENT },
  );
  const p = data.playerProfile;
  if (!p) return clear(root, h('p.error', { role: 'alert' }, t('noPlayer')), h('a', { href: '#/' }, t('lobby')));
  const typeName = (game) => named(app.catalog.find((g) => g.id === game)?.names, game);
  clear(
    root,
    h(
      'section.player-page',
      {},
      h('h2', {}, p.name, p.bot ? h('span.tag.bot', {}, t('bot')) : null),
      p.ratings.length ? null : h('p.muted', {}, t('noRatings')),
      p.ratings.map((r) =>
        h(
          'article.rating',
          { dataset: { game: r.game } },
          h('h3', {}, typeName(r.game), ' ', h('span.rating-value', {}, fixed(r.rating)), h('small.muted', {}, [` ${labelled('μ', r.mu)}`, labelled('σ', r.sigma), `${whole(r.games)} ${t('ratedGames')}`].join(between())), r.provisional ? h('span.tag.provisional', { title: t('provisionalWhy') }, t('provisional')) : null),
          challengeButton(app, p, r.game),
          h(
            'ul.list.rating-history',
            {},
            r.history.edges.map(({ node: c }) =>
              h('li', {}, h('a', { href: `#/game/${c.gameId}` }, new Date(c.endedAt).toLocaleDateString(document.documentElement.lang)), h('span', {}, `${t('place')} ${whole(c.place)}/${whole(c.players)}`), h('span.muted', {}, `${fixed(c.ratingBefore)} ${towards()} ${fixed(c.rating)}`), c.counted === false ? h('span.tag.not-counted', {}, t(c.linkedSeats ? 'notCountedLinked' : 'notCounted')) : null),
            ),
          ),
        ),
      ),
      h('a', { href: '#/' }, t('lobby')),
    ),
  );
  return null;
}
