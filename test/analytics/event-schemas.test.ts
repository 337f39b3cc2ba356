/**
 * Event payloads are documented: the JSON Schema of each table, app and game event type,
 * generated from the zod schemas, is what gameTypes publishes for every game and what
 * docs/analytics.md shows (each game's own events are checked against real play in
 * test/games/event-schemas.test.ts). (That real events match them is checked over every kind of game in
 * every-finished-game-verifies.test.ts.)
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { documentedTable, EVENT_DOCS, eventTables } from '../../services/analytics/event-docs.js';
import { eventSchemas, sharedEventSchemas } from '../../services/analytics/event-schemas.js';
import { gameTypeDto } from '../../services/api/dto.js';
import { games } from '../../services/engine/registry.js';

describe('event schemas', () => {
  it.each(Object.keys(eventTables()))('docs/analytics.md shows the events of section %s exactly as the code defines them', async (name) => {
    const doc = await readFile(EVENT_DOCS, 'utf8');
    expect(documentedTable(doc, name), 'run npm run docs:events').toBe(eventTables()[name]);
  });

  it.each(games.map((g) => g.id))('%s declares the schemas of its own events', (id) => {
    expect(Object.keys(games.find((g) => g.id === id)!.events ?? {}).length).toBeGreaterThan(0);
  });

  it.each(games.map((g) => g.id))('gameTypes publishes every event schema of %s, the shared ones included', (id) => {
    const game = games.find((g) => g.id === id)!;
    const published = gameTypeDto(game).events;
    expect(published).toEqual(eventSchemas(game));
    expect(Object.keys(published)).toEqual(expect.arrayContaining(Object.keys(sharedEventSchemas())));
  });
});
