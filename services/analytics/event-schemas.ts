/**
 * The JSON Schema (draft-07) of every event type a game's stream and export can hold: the
 * table's, the app's, and the game's own where it declares them (`Game.events`), generated from
 * the zod schemas the code keeps equal to its types. Published in `gameTypes.events` and in
 * docs/analytics.md.
 */
import { z } from 'zod';
import { appEventSchemas } from '../app/app-event-schemas.js';
import type { AnyGame } from '../engine/core/index.js';
import { tableEventSchemas } from '../engine/core/table-event-schemas.js';

export type JsonSchema = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType): JsonSchema => {
  const { $schema: _draft, ...rest } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' }) as JsonSchema;
  return rest;
};

/** The table's and the app's events: the same in every game. */
export function sharedEventSchemas(): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries({ ...tableEventSchemas(), ...appEventSchemas() }).map(([type, s]) => [type, jsonSchema(s)]));
}

/** Every event type of `game` whose schema is known, by type. */
export function eventSchemas(game: AnyGame): Record<string, JsonSchema> {
  return { ...sharedEventSchemas(), ...Object.fromEntries(Object.entries(game.events ?? {}).map(([type, s]) => [type, jsonSchema(s)])) };
}

/** The event types as a Markdown table (docs/analytics.md holds it between markers, a test keeps it equal). */
export function eventSchemaTable(schemas: Record<string, JsonSchema>): string {
  const rows = Object.entries(schemas).map(([type, s]) => {
    const required = new Set((s.required as string[] | undefined) ?? []);
    const fields = Object.keys((s.properties as Record<string, unknown> | undefined) ?? {})
      .filter((f) => f !== 'type')
      .map((f) => `\`${f}${required.has(f) ? '' : '?'}\``)
      .join(', ');
    return `| \`${type}\` | ${String(s.description ?? '')} | ${fields} |`;
  });
  return ['| Event | What it says | Fields (`?` optional) |', '| --- | --- | --- |', ...rows].join('\n');
}
