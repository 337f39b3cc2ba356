/**
 * The order `npm test` starts its files in: the longest first, so the two workers finish together
 * (a long file started last leaves a core idle while it runs). vitest orders by its own cache of the
 * last run's durations, which a clean clone (CI) does not have: it then starts the largest files
 * first, and a small file that runs long (a kill -9 test, ~16 s, mostly waiting on a child) could
 * start last. So the durations of a whole run are committed (test/kit/durations.json, the files over
 * a few seconds, written by `npm run test:slowest -- --from <report> --save-durations`); the files
 * it lists go first, longest first, and the rest follow in vitest's own order.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const DURATIONS_FILE = new URL('./durations.json', import.meta.url);

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
    const ordered = await super.sort(files);
    const root = this.ctx.config.root;
    const known = (spec: TestSpecification) => seconds[relative(root, spec.moduleId)] ?? -1;
    return ordered.map((spec, i) => ({ spec, i, s: known(spec) })).sort((a, b) => b.s - a.s || a.i - b.i).map((x) => x.spec);
  }
}
