/**
 * docs/analytics.md's event tables, one per section between markers: the shared events
 * (`<!-- event-schemas:begin -->`) and each game's own (`<!-- event-schemas:<game>:begin -->`).
 * `npm run docs:events` rewrites them from the code; a test keeps the page equal to it.
 */
import { games } from '../engine/registry.js';
import { eventSchemaTable, sharedEventSchemas } from './event-schemas.js';
import { eventSchemas } from './event-schemas.js';

export const EVENT_DOCS = 'docs/analytics.md';

/** Marker name → the table that belongs there. */
export function eventTables(): Record<string, string> {
  const shared = new Set(Object.keys(sharedEventSchemas()));
  const own = (id: string) => Object.fromEntries(Object.entries(eventSchemas(games.find((g) => g.id === id)!)).filter(([type]) => !shared.has(type)));
  return { 'event-schemas': eventSchemaTable(sharedEventSchemas()), ...Object.fromEntries(games.map((g) => [`event-schemas:${g.id}`, eventSchemaTable(own(g.id))])) };
}

const section = (name: string) => new RegExp(`<!-- ${name}:begin -->\\n[^]*?<!-- ${name}:end -->`);

/** The page's table under `name`, or undefined when it has no such section. */
export function documentedTable(doc: string, name: string): string | undefined {
  return doc.split(`<!-- ${name}:begin -->\n`)[1]?.split(`\n<!-- ${name}:end -->`)[0];
}

/** The page with every table section replaced by the code's. */
export function withEventTables(doc: string): string {
  return Object.entries(eventTables()).reduce((d, [name, table]) => d.replace(section(name), () => `<!-- ${name}:begin -->\n${table}\n<!-- ${name}:end -->`), doc);
}
