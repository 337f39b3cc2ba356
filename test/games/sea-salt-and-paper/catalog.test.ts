/**
 * The catalog decodes every card id a client can meet: events and histories name cards by id
 * only, so every id in any view, and in any event as any seat (or a spectator) receives it,
 * must be in the catalog with the same type, colour and category the views give it.
 */
import { describe, expect, it } from 'vitest';
import { table, type TableEvent } from '../../../services/engine/core/index.js';
import { CARDS, COLOURS, TYPE } from '../../../services/engine/games/sea-salt-and-paper/cards.js';
import type { Event } from '../../../services/engine/games/sea-salt-and-paper/events.js';
import { randomPlaythrough } from '../../kit/playthrough.js';
import { game } from './helpers.js';
import { OPTION_SETS } from './invariants.js';

const { catalog } = game;
const TABLE_EVENTS = new Set(['GameCreated', 'SeatTaken', 'GameEnded']);
/** Event fields that hold card ids (a number, a list, or a list of lists; null when redacted). */
const CARD_FIELDS = new Set(['card', 'cards', 'discarded', 'deck', 'discards', 'hand', 'hands', 'played']);
/** Every other event field: a field in neither set fails the test until it is sorted into one. */
const OTHER_FIELDS = new Set([
  'type', 'seat', 'round', 'starter', 'deckCount', 'count', 'pile', 'duo', 'effect', 'from', 'victimRevealed',
  'next', 'call', 'reason', 'caller', 'betWon', 'cardPoints', 'colourBonus', 'scores', 'totals', 'nextStarter', 'winners',
]);

const inCatalog = (id: unknown) => Number.isInteger(id) && catalog.cards[id as number]?.id === id;

/** The card ids an event carries; every field must be classified. */
function eventIds(e: Event, problems: string[]): unknown[] {
  const ids: unknown[] = [];
  for (const [key, value] of Object.entries(e)) {
    if (CARD_FIELDS.has(key)) ids.push(...[value].flat(2).filter((x) => x !== null));
    else if (!OTHER_FIELDS.has(key)) problems.push(`${e.type}.${key} is not classified as a card field or not`);
  }
  return ids;
}

/** Every card object in a view (anything with an `id`), checked against the catalog entry. */
function viewCards(value: unknown, path: string, problems: string[]): number {
  if (Array.isArray(value)) return value.reduce((n: number, v, i) => n + viewCards(v, `${path}[${i}]`, problems), 0);
  if (value === null || typeof value !== 'object') return 0;
  const o = value as Record<string, unknown>;
  if ('id' in o) {
    const entry = inCatalog(o.id) ? catalog.cards[o.id as number]! : null;
    if (!entry || entry.type !== o.type || entry.colour !== o.colour || entry.category !== o.category) problems.push(`${path}: card ${JSON.stringify(o)} is not the catalog's`);
    return 1;
  }
  return Object.entries(o).reduce((n, [k, v]) => n + viewCards(v, `${path}.${k}`, problems), 0);
}

describe('the catalog', () => {
  it('maps every card id 0..57 to its type, category and colour, with English and Persian names', () => {
    expect(catalog.cards.map((c) => c.id)).toEqual(CARDS.map((c) => c.id));
    for (const c of catalog.cards) {
      expect(c).toMatchObject({ type: CARDS[c.id]!.type, colour: CARDS[c.id]!.colour, category: TYPE[c.type].category });
      expect(c.names).toEqual(TYPE[c.type].names);
      expect(c.colourNames).toEqual(COLOURS[c.colour]);
      for (const n of [c.names, c.colourNames]) expect(n.en.length * n.fa.length).toBeGreaterThan(0);
    }
    expect(catalog.cards.find((c) => c.type === 'mermaid')).toMatchObject({ colour: 'white', category: 'mermaid', names: { en: 'Mermaid', fa: 'پری دریایی' } });
    expect(Object.keys(catalog.duos)).toEqual(['crab', 'boat', 'fish', 'sharkSwimmer']);
    expect(catalog.duos.sharkSwimmer).toEqual({ en: 'Shark + Swimmer', fa: 'کوسه + شناگر' });
    expect(JSON.parse(JSON.stringify(catalog))).toEqual(catalog);
  });

  it.each([2, 3, 4])('%i seats: every card id in any view or any (redacted) event of random games is in the catalog', (seats) => {
    const t = table(game);
    const viewers = [...Array.from({ length: seats }, (_, s) => s), null];
    const problems: string[] = [];
    let ids = 0;
    let cards = 0;
    OPTION_SETS.forEach((options, g) => {
      let seen = 0;
      let commands = 0;
      randomPlaythrough(game, {
        seats,
        options,
        seed: `catalog-${seats}-${g}`,
        botSeed: g,
        deepEvery: 1_000_000,
        check: (state, events: readonly TableEvent[]) => {
          for (const e of events.slice(seen)) {
            if (TABLE_EVENTS.has(e.type)) continue;
            for (const viewer of viewers) {
              const found = eventIds(t.redact(e, viewer) as Event, problems);
              ids += found.length;
              for (const id of found) if (!inCatalog(id)) problems.push(`${e.type}: id ${JSON.stringify(id)} is not in the catalog`);
            }
          }
          seen = events.length;
          if (commands++ % 7 === 0) for (const viewer of viewers) cards += viewCards(t.view(state, viewer), `view(${viewer})`, problems);
        },
      });
    });
    expect([...new Set(problems)]).toEqual([]);
    expect(ids).toBeGreaterThan(1000);
    expect(cards).toBeGreaterThan(1000);
  });
});
