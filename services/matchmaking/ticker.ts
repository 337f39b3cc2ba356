/**
 * A local server's pairing beat: every `tickSeconds` of its clock it pairs every marked pool, so
 * a player waiting alone is seated with bots after the wait even if no one reads or enters. A
 * beat that finds nothing to do (no pool marked, no seek's follow-up left) waits IDLE_TICKS
 * times as long for the next, until matchmaking has work again (a player enters a pool, a
 * follow-up is marked: `onWork`), so an idle server reads the table once a minute, not every five
 * seconds. The alarm clock is the server's (tests move a manual one); on AWS pairing runs on entry
 * and reads, and the timer function's minute rule beats.
 */
import type { Matchmaking } from './service.js';

/** How many beats an idle beat waits for the next (12 × 5 s: a minute; entries elsewhere are found within it). */
export const IDLE_TICKS = 12;

export interface Alarm {
  now(): number;
  at(at: number, fire: () => void): () => void;
}

export function pairingTicker(match: Matchmaking, clock: Alarm, log: { error(details: object, message: string): void }) {
  let cancel: (() => void) | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  /** The next beat is an idle one's (IDLE_TICKS away). */
  let idle = false;
  /** Work came while a beat ran: the next is at the pace, whatever that beat found. */
  let worked = false;
  let ticking = false;
  const arm = (ticks: number) => {
    if (stopped) return;
    idle = ticks > 1;
    cancel = clock.at(clock.now() + ticks * match.settings.tickSeconds * 1000, () => {
      ticking = true;
      worked = false;
      running = match
        .tick()
        .then(() => (match.idle && !worked ? IDLE_TICKS : 1), (e: unknown) => (log.error({ err: e }, 'pairing failed'), 1))
        .then((ticks) => {
          ticking = false;
          arm(ticks);
        });
    });
  };
  match.onWork(() => {
    if (ticking) worked = true;
    else if (idle && !stopped) {
      cancel?.();
      arm(1);
    }
  });
  arm(1);
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
