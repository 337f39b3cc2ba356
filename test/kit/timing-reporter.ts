/**
 * A vitest reporter that saves what the JSON reporter leaves out: per file, the time spent
 * importing it (collect) and in its hooks, not only its tests. `npm run test:slowest` reads it
 * beside the JSON report; the path comes from PARLOR_TIMINGS.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTiming {
  file: string;
  /** Importing the file and everything it imports, and running its describe blocks (ms). */
  collect: number;
  /** Its tests and hooks (beforeAll: servers and tables start here) (ms). */
  run: number;
  /** Test harness and environment set-up (ms). */
  prepare: number;
  tests: number;
  /** The worker's CPU time for the file, import included, its child processes not (ms; test/kit/file-env.ts measures it). */
  cpu?: number;
  /** The CPU time of the worker's child processes during the file (ms; Chromium for the browser tests; file-env.ts). */
  childCpu?: number;
  /** Modules that took 20 ms or more of the import, on their own (ms), by package or by file. */
  imports: Record<string, number>;
}

/** node_modules/@aws-sdk/client-dynamodb/dist-cjs/index.js → @aws-sdk/client-dynamodb; project files stay paths. */
const moduleName = (id: string) => id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? relative(process.cwd(), id);

export default class TimingReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const out = process.env.PARLOR_TIMINGS;
    if (!out) return;
    const files: FileTiming[] = modules.map((m) => {
      const d = m.diagnostic();
      const imports: Record<string, number> = {};
      for (const [id, t] of Object.entries(d.importDurations)) imports[moduleName(id)] = (imports[moduleName(id)] ?? 0) + t.selfTime;
      for (const k of Object.keys(imports)) if (imports[k]! < 20) delete imports[k];
      else imports[k] = Math.round(imports[k]!);
      return {
        file: relative(process.cwd(), m.moduleId),
        collect: Math.round(d.collectDuration),
        run: Math.round(d.duration),
        prepare: Math.round(d.prepareDuration + d.environmentSetupDuration + d.setupDuration),
        tests: [...m.children.allTests()].length,
        cpu: (m.meta() as { cpuMs?: number }).cpuMs,
        childCpu: (m.meta() as { childCpuMs?: number }).childCpuMs,
        imports,
      };
    });
    writeFileSync(out, JSON.stringify({ files }, null, 1));
  }
}
