/**
 * Event payloads are documented: the JSON Schema of each table and app event type, generated
 * from the zod schemas, is what gameTypes publishes for every game and what docs/analytics.md
 * shows. (That real events match them is checked over every kind of game in
 * every-finished-game-verifies.test.ts.)
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { eventSchemas, eventSchemaTable, sharedEventSchemas } from '../../services/analytics/event-schemas.js';
import { gameTypeDto } from '../../services/api/dto.js';
import { games } from '../../services/engine/registry.js';

describe('event schemas', () => {
  it('docs/analytics.md shows the table and app events exactly as the code defines them', async () => {
    const doc = await readFile('docs/analytics.md', 'utf8');
    const section = doc.split('<!-- event-schemas:begin -->\n')[1]?.split('\n<!-- event-schemas:end -->')[0];
    expect(section, 'regenerate the table with eventSchemaTable(sharedEventSchemas())').toBe(eventSchemaTable(sharedEventSchemas()));
  });

  it.each(games.map((g) => g.id))('gameTypes publishes every event schema of %s, the shared ones included', (id) => {
    const game = games.find((g) => g.id === id)!;
    const published = gameTypeDto(game).events;
    expect(published).toEqual(eventSchemas(game));
    expect(Object.keys(published)).toEqual(expect.arrayContaining(Object.keys(sharedEventSchemas())));
  });
});
