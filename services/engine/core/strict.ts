/**
 * Strict input: zod objects drop keys they do not know, so a misspelled option or move field
 * would be silently ignored. Comparing what came in with what the schema kept names the first
 * key it dropped, so the table can refuse it (BAD_INPUT) instead of guessing.
 */
import type { z } from 'zod';
import { RuleViolation } from './errors.js';

/** The path of the first key present in `input` but absent from the parsed `output`, or null. */
export function droppedKey(input: unknown, output: unknown, path: string[] = []): string | null {
  if (Array.isArray(input) && Array.isArray(output)) {
    for (let i = 0; i < input.length; i++) {
      const found = droppedKey(input[i], output[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (!isPlainObject(input) || !isPlainObject(output)) return null;
  for (const key of Object.keys(input)) {
    if (!(key in output)) return [...path, key].join('.');
    const found = droppedKey(input[key], output[key], [...path, key]);
    if (found) return found;
  }
  return null;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses `input` with `schema`, refusing (BAD_INPUT) both schema errors and unknown keys. */
export function parseStrict<T>(schema: z.ZodType<T>, input: unknown, what: 'options' | 'move'): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new RuleViolation('BAD_INPUT', `bad ${what}: ${parsed.error.issues.map((i) => `${i.path.join('.') || what}: ${i.message}`).join('; ')}`);
  }
  const unknown = droppedKey(input, parsed.data);
  if (unknown) throw new RuleViolation('BAD_INPUT', `bad ${what}: unknown field "${unknown}"`);
  return parsed.data;
}
