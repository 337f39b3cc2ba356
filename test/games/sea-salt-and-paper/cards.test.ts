import { describe, expect, it } from 'vitest';
import { CARDS, COLOURS, TYPES } from '../../../services/engine/games/sea-salt-and-paper/cards.js';
import { optionsTable } from '../../kit/rules-doc.js';
import { game } from './helpers.js';

const count = <K extends string>(keys: K[]) => keys.reduce<Record<string, number>>((n, k) => ({ ...n, [k]: (n[k] ?? 0) + 1 }), {});

describe('§2.2 the deck', () => {
  it('§2.2 58 cards: 34 duo, 16 collector, 4 multiplier, 4 mermaid, with ids 0..57', () => {
    expect(CARDS.map((c) => c.id)).toEqual([...Array(58).keys()]);
    const category = (id: number) => TYPES.find((t) => t.type === CARDS[id]!.type)!.category;
    expect(count(CARDS.map((c) => category(c.id)))).toEqual({ duo: 34, collector: 16, multiplier: 4, mermaid: 4 });
  });

  it('§2.2 cards per type', () => {
    expect(count(CARDS.map((c) => c.type))).toEqual({
      crab: 9, boat: 8, fish: 7, swimmer: 5, shark: 5, shell: 6, octopus: 5, penguin: 3, sailor: 2,
      lighthouse: 1, shoalOfFish: 1, penguinColony: 1, captain: 1, mermaid: 4,
    });
  });

  it('§2.2 colour totals: dark blue 9, light blue 9, black 8, yellow 8, light green 6, white 4, purple 4, light grey 4, light orange 3, light pink 2, orange 1', () => {
    expect(count(CARDS.map((c) => c.colour))).toEqual({
      darkBlue: 9, lightBlue: 9, black: 8, yellow: 8, lightGreen: 6, white: 4, purple: 4, lightGrey: 4, lightOrange: 3, lightPink: 2, orange: 1,
    });
  });

  it('§2.2 colours per type, as in the table (e.g. crab: dark blue 2, light blue 2, yellow 2, black, light green, light grey)', () => {
    const of = (type: string) => count(CARDS.filter((c) => c.type === type).map((c) => c.colour));
    expect(of('crab')).toEqual({ darkBlue: 2, lightBlue: 2, yellow: 2, black: 1, lightGreen: 1, lightGrey: 1 });
    expect(of('fish')).toEqual({ darkBlue: 2, black: 2, lightBlue: 1, yellow: 1, lightGreen: 1 });
    expect(of('penguin')).toEqual({ purple: 1, lightOrange: 1, lightPink: 1 });
    expect(of('sailor')).toEqual({ lightPink: 1, orange: 1 });
    expect([of('lighthouse'), of('shoalOfFish'), of('penguinColony'), of('captain')]).toEqual([{ purple: 1 }, { lightGrey: 1 }, { lightGreen: 1 }, { lightOrange: 1 }]);
    expect(of('mermaid')).toEqual({ white: 4 });
  });

  it('§1 names in English and Persian for the game, every type and every colour', () => {
    expect(game.names).toEqual({ en: 'Sea Salt & Paper', fa: 'کاغذ و نمک دریایی' });
    for (const t of TYPES) expect(t.names.en.length * t.names.fa.length).toBeGreaterThan(0);
    expect(TYPES.find((t) => t.type === 'crab')!.names.fa).toBe('خرچنگ');
    expect(TYPES.find((t) => t.type === 'mermaid')!.names.fa).toBe('پری دریایی');
    expect(Object.keys(COLOURS)).toHaveLength(11);
    expect(COLOURS.lightBlue.fa).toBe('آبی روشن');
  });
});

describe('options', () => {
  it('every option has a default and a description citing its section of docs/rules/sea-salt-and-paper.md', () => {
    expect(game.options.parse({})).toEqual({
      targetScore: null,
      tieBreak: 'LAST_TO_PLAY',
      lastToPlayScope: 'RANK_TIED_PLAYERS',
      lastRoundPointsTie: 'SHARED',
      whiteCountsAsColour: true,
      lastChanceRevealTiming: 'AFTER_OWN_FINAL_TURN',
      callerHandProtected: true,
      emptyDeckCheckBeforeBoatExtraTurn: false,
      emptyDeckAfterLastChance: 'ROUND_CONTINUES',
      emptyDeckNextStarter: 'LEFT_OF_LAST_PLAYER',
      allowDuoWithoutEffect: true,
      nothingToTake: 'SKIP_TO_DUOS',
    });
    const shape = (game.options as unknown as { shape: Record<string, { description?: string }> }).shape;
    for (const [name, field] of Object.entries(shape)) expect(field.description, name).toMatch(/^docs\/rules\/sea-salt-and-paper\.md (§|E\d+)/);
  });

  it('docs/rules/sea-salt-and-paper.md §7 lists every option with its default', () => {
    expect(optionsTable('docs/rules/sea-salt-and-paper.md')).toEqual(Object.entries(game.options.parse({})).map(([name, value]) => [name, JSON.stringify(value)]));
  });

  it('seats: 2 to 4', () => {
    expect(game.seats).toEqual({ min: 2, max: 4 });
  });
});
