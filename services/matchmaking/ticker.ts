/**
 * A local server's pairing beat: every `tickSeconds` of its clock it pairs every marked pool, so
 * a player waiting alone is seated with bots after the wait even if no one reads or enters. The
 * alarm clock is the server's (tests move a manual one); on AWS pairing runs on entry and reads.
 */
import type { Matchmaking } from './service.js';

export interface Alarm {
  now(): number;
  at(at: number, fire: () => void): () => void;
}

export function pairingTicker(match: Matchmaking, clock: Alarm, log: { error(details: object, message: string): void }) {
  let cancel: (() => void) | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    cancel = clock.at(clock.now() + match.settings.tickSeconds * 1000, () => {
      running = match
        .tick()
        .catch((e: unknown) => log.error({ err: e }, 'pairing failed'))
        .finally(arm);
    });
  };
  arm();
  return {
    /** Waits for a pairing under way (tests). */
    idle: () => running,
    stop: async () => {
      stopped = true;
      cancel?.();
      await running;
    },
  };
}
