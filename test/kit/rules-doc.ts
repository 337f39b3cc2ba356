/**
 * Reads the options table of a rules document (docs/rules/<game>.md, section "Options"), so a
 * game's tests can hold the document to the options the code defines.
 * A row reads: | `name` (…) | `default` | what the other values change |
 */
import { readFileSync } from 'node:fs';

/** [name, default as JSON] for every row of the document's options table, in order. */
export function optionsTable(path: string): [string, string][] {
  const text = readFileSync(path, 'utf8');
  const section = text.split(/^## /m).find((s) => /^\d+\. Options\b/.test(s));
  if (!section) throw new Error(`${path} has no "Options" section`);
  return section
    .split('\n')
    .map((line) => /^\|\s*`(\w+)`[^|]*\|\s*`([^`]*)`\s*\|/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(([, name, value]) => [name!, /^(null|true|false|-?\d+)$/.test(value!) ? value! : JSON.stringify(value)]);
}
