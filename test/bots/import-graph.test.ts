/**
 * The bots folder never reaches the real state: no file but the runner (which serves the server
 * and hands bots a sight from app/bot-sight.ts) imports the aggregate, or reads `.state` of one.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles } from '../kit/imports.js';

const BOTS = resolve('services/bots');
const ALLOWED = new Set(['runner.ts']);

const files = sourceFiles;

/** What in a bots file would reach the real state. */
export function stateLeaks(file: string, source: string): string[] {
  const imports = importsOf(file, source).filter((p) => p === 'services/app/aggregate' || p.startsWith('services/store'));
  const reads = [...source.matchAll(/\bagg\w*\s*(?:\?\.|\.)\s*state\b|\[\s*['"]state['"]\s*\]/gi)].map((m) => m[0]);
  return [...imports.map((p) => `imports ${p}`), ...reads.map((r) => `reads ${r}`)];
}

describe('the bots folder cannot see the real state', () => {
  it('the check finds an import of the aggregate and a read of agg.state', () => {
    const file = join(BOTS, 'search', 'cheat.ts');
    expect(stateLeaks(file, "import { fromStream } from '../../app/aggregate.js';")).toEqual(['imports services/app/aggregate']);
    expect(stateLeaks(file, "const m = await import('../../app/aggregate.js');")).toEqual(['imports services/app/aggregate']);
    expect(stateLeaks(file, 'const hand = aggregate.state.play;')).toEqual(['reads aggregate.state']);
    expect(stateLeaks(file, "export { x } from '../../store/port.js'; const s = agg['state'];")).toEqual(['imports services/store/port', "reads ['state']"]);
  });

  it('no file in services/bots but runner.ts imports the aggregate or reads its state', () => {
    const found = files(BOTS)
      .filter((f) => !ALLOWED.has(relative(BOTS, f)))
      .flatMap((f) => stateLeaks(f, readFileSync(f, 'utf8')).map((leak) => `${relative(process.cwd(), f)} ${leak}`));
    expect(found).toEqual([]);
    expect(files(BOTS).length).toBeGreaterThan(10);
  });
});
