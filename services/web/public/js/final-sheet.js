/** The final score sheet of a finished game: every seat's total, ranked (leavers last), the winners marked. */
import { h } from './dom.js';
import { num } from './numerals.js';
import { t } from './i18n.js';

/** Games whose lowest total wins (Silver); in the others the highest does. */
const LOWEST_WINS = new Set(['silver']);

export function finalSheet(g, c) {
  const r = g.status.result;
  if (!r) return null;
  const low = LOWEST_WINS.has(g.type);
  // A seat that resigned or forfeited ranks below every seat that stayed, whatever its bot scored.
  const left = (seat) => (r.resigned ?? []).includes(seat) ? 'resignedTag' : (r.forfeited ?? []).includes(seat) ? 'forfeitedTag' : null;
  const seats = r.scores.map((score, seat) => ({ seat, score, left: left(seat) })).sort((a, b) => Number(!!a.left) - Number(!!b.left) || (low ? a.score - b.score : b.score - a.score));
  return h(
    'section.final-sheet',
    { 'aria-labelledby': 'final-sheet-title' },
    h('h2', { id: 'final-sheet-title' }, t('finalScores')),
    h('p.muted', {}, t(low ? 'lowestWins' : 'highestWins')),
    h('table', {},
      h('tr', {}, h('th', {}, '#'), h('th', {}, t('player')), h('th', {}, t('total'))),
      seats.map((s, i) => h('tr', { class: r.winners.includes(s.seat) ? 'winner' : '' },
        h('td', {}, num(i + 1, c.lang)),
        h('td', {}, c.name(s.seat), r.winners.includes(s.seat) ? ` ★ ${t('winner')}` : '', s.left ? h('span.tag.left', {}, ` ${t(s.left)}`) : ''),
        h('td', {}, num(s.score, c.lang))))),
  );
}
