/**
 * A fault for crash tests: once the file `armFile` exists, the process removes it and SIGKILLs
 * itself right after the next append is acknowledged, before anything reacts to the commit —
 * the worst moment for a crash. `npm start` wires it only when PARLOR_CRASH_AFTER_APPEND names
 * such a file.
 */
import { existsSync, rmSync } from 'node:fs';
import type { EventStore } from './port.js';

export function crashAfterAppend<S extends EventStore>(store: S, armFile: string): S {
  const append = store.append.bind(store);
  return Object.assign(Object.create(store) as S, {
    async append(...args: Parameters<EventStore['append']>) {
      const result = await append(...args);
      if (existsSync(armFile)) {
        rmSync(armFile, { force: true });
        process.kill(process.pid, 'SIGKILL');
      }
      return result;
    },
  });
}
