/**
 * A fault for crash tests: once the file `armFile` exists, the process removes it and SIGKILLs
 * itself right after the next append is acknowledged, before anything reacts to the commit —
 * the worst moment for a crash. `npm start` wires it only when PARLOR_CRASH_AFTER_APPEND names
 * such a file. A file naming an event type ("GameEnded") waits for the first append carrying
 * one: a commit made by the server itself (a bot's last move) can be the one cut short.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { EventStore } from './port.js';

export function crashAfterAppend<S extends EventStore>(store: S, armFile: string): S {
  const append = store.append.bind(store);
  const due = (events: readonly unknown[]) => {
    if (!existsSync(armFile)) return false;
    const only = readFileSync(armFile, 'utf8').trim();
    return only === '' || events.some((e) => (e as { type?: string }).type === only);
  };
  return Object.assign(Object.create(store) as S, {
    async append(...args: Parameters<EventStore['append']>) {
      const result = await append(...args);
      if (due(args[2].events)) {
        rmSync(armFile, { force: true });
        process.kill(process.pid, 'SIGKILL');
      }
      return result;
    },
  });
}
