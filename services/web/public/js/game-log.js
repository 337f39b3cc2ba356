/**
 * The game log beside the table: the redacted history the seat receives, in sentences (js/log),
 * newest first, with a bot's or an automatic step's tag; and which cards the last move touched,
 * for the board's highlight.
 */
import { h } from './dom.js';
import { digits } from './numerals.js';
import { specName } from './names.js';
import { logLines, phraseContext } from './log/index.js';
import { cardName as seledyneCard } from './games/seledyne-cards.js';

const MAX_LINES = 300; // the newest; a long game's log stays light to draw

/** How a game's events name a card, for the log. */
function cardNamer(g, c) {
  switch (g.type) {
    case 'sea-salt-and-paper':
      return (id, lang) => {
        const entry = c.type.catalog?.cards?.find?.((k) => k.id === id);
        return entry ? entry.names[lang] ?? entry.names.en : `#${id}`;
      };
    case 'seledyne':
      return (card, lang) => seledyneCard(card, lang);
    case 'silver':
      return (number, lang) => {
        const edition = g.options?.mix?.[String(number)] ?? g.options?.edition ?? 'amulet';
        const entry = Array.isArray(c.type.catalog) ? c.type.catalog.find((k) => k.number === number && k.edition === edition) : null;
        return `${digits(number, lang)}${entry ? ` ${entry.names[lang] ?? entry.names.en}` : ''}`;
      };
    default:
      return (card) => JSON.stringify(card);
  }
}

export function gameLog(history, g, c) {
  if (!history) return h('p.muted', {}, '…');
  const x = phraseContext(c.lang, { name: c.name, card: cardNamer(g, c), winners: g.status?.result?.winners });
  const lines = logLines(g.type, history, x).slice(0, MAX_LINES);
  return h(
    'ol.history',
    { reversed: true, tabindex: 0, 'aria-label': c.lang === 'fa' ? 'رویدادها، تازه‌ترین نخست' : 'Events, newest first' },
    lines.map((l, i) =>
      h(
        'li',
        { class: i === 0 ? 'latest' : '', dataset: { version: l.version } },
        l.count > 1 ? h('strong.count', {}, `×${digits(l.count, c.lang)} `) : null,
        l.by ? h('span.tag.by', { dataset: { by: l.by } }, byTag(l, g, c.lang)) : null,
        l.by ? ' ' : null,
        l.text,
      ),
    ),
  );
}

/** Who played an entry for its seat: "bot" alone for the seat's own bot (its name says which), else with its kind ("bot greedy": a bot moved for a person out of time). */
function byTag(l, g, lang) {
  if (l.by === 'auto') return lang === 'fa' ? 'خودکار' : 'auto';
  if (!l.by.startsWith('bot:')) return l.by;
  const spec = l.by.slice(4);
  const own = g.players?.find((p) => p.seat === l.seat);
  const named = own && own.bot === spec && own.name === `${spec} bot`;
  return `${lang === 'fa' ? 'ربات' : 'bot'}${named ? '' : ` ${specName(spec, lang)}`}`;
}

/** The keys (as the renderers name them) of the cards the last history entry moved. */
export function lastMoved(game, events, c) {
  const keys = new Set();
  for (const e of events ?? []) {
    switch (game) {
      case 'sea-salt-and-paper':
        for (const id of [e.card, e.discarded, ...(e.cards ?? [])]) if (typeof id === 'number') keys.add(`card:${id}`);
        if (e.type === 'Kept' || e.type === 'TookDiscard') keys.add(`pile:${e.pile}`);
        break;
      case 'seledyne':
        for (const x of [e.card, ...(e.type === 'Gifted' || e.type === 'Tributed' ? e.cards : [])]) if (x?.id) keys.add(`card:${x.id}`);
        break;
      case 'silver':
        if (e.type === 'Move') for (const l of [e.from, e.to]) l.z === 'village' ? keys.add(`v:${l.s}:${l.p}`) : l.z === 'discard' && keys.add('discard');
        if (e.type === 'Flip' || e.type === 'Rotated') keys.add(`v:${e.s}:${e.p}`);
        if (e.type === 'Swap') keys.add(`v:${e.a.s}:${e.a.p}`).add(`v:${e.b.s}:${e.b.p}`);
        break;
      case 'scout':
        if (e.type === 'Scouted' && e.at !== null && e.seat === c.seat) keys.add(`hand:${e.at}`);
        break;
    }
  }
  return keys;
}
