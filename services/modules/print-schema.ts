/** `npm run schema`: writes the public contract, /schema.graphql, from the code (the base and every module's SDL). */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { games } from '../engine/registry.js';
import { composeSchema } from '../api/graphql/schema.js';
import { MODULES } from './index.js';

export const schemaFile = fileURLToPath(new URL('../../schema.graphql', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(schemaFile, composeSchema(games, MODULES));
  console.log(`wrote ${schemaFile}`);
}
