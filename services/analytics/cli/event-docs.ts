/** `npm run docs:events`: rewrites docs/analytics.md's event tables from the zod schemas. */
import { readFile, writeFile } from 'node:fs/promises';
import { EVENT_DOCS, withEventTables } from '../event-docs.js';

await writeFile(EVENT_DOCS, withEventTables(await readFile(EVENT_DOCS, 'utf8')));
console.log(`rewrote the event tables of ${EVENT_DOCS}`);
