/**
 * The list of modules as data: names and reaction names unique (a reaction's name keys its
 * checkpoint), every setting documented where operators read (README or docs/), every AWS need
 * a DynamoDB action for a function that exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../../services/modules/index.js';

const docs = [readFileSync('README.md', 'utf8'), ...readdirSync('docs').filter((f) => f.endsWith('.md')).map((f) => readFileSync(`docs/${f}`, 'utf8'))].join('\n');
const FUNCTIONS = ['http', 'ws', 'stream', 'timer', 'export'];

describe('the list of modules', () => {
  it('names each module once', () => {
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('documents every setting a module declares, once across the list', () => {
    const envs = MODULES.flatMap((m) => (m.settings ?? []).map((s) => s.env));
    expect(new Set(envs).size).toBe(envs.length);
    expect(envs.filter((e) => !docs.includes(e))).toEqual([]);
  });

  it('asks only DynamoDB actions, of functions that exist', () => {
    for (const m of MODULES) {
      for (const [fn, actions] of Object.entries(m.aws?.tableActions ?? {})) {
        expect(FUNCTIONS, m.name).toContain(fn);
        expect(actions!.filter((a) => !/^dynamodb:[A-Z][A-Za-z]+$/.test(a)), m.name).toEqual([]);
      }
    }
  });
});
