/**
 * The digest job on one machine: wakes at the earliest scheduled digest (or every `everyMs`, for
 * digests a stopped server left), by the injected alarm clock, so tests move hours by hand.
 */
import type { AlarmClock } from '../../clocks/local-timers.js';
import type { Digests } from './digest.js';

export function digestAlarm(digests: Digests, clock: AlarmClock, everyMs: number, log: { error(details: object, message: string): void }): { stop(): void; idle(): Promise<void> } {
  let cancel = () => {};
  let armedAt = Infinity;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const arm = (at: number) => {
    if (stopped || at >= armedAt) return;
    cancel();
    armedAt = at;
    cancel = clock.at(at, () => void (running = running.then(run)));
  };
  const run = async () => {
    armedAt = Infinity;
    try {
      await digests.sendDue(clock.now());
    } catch (e) {
      log.error({ err: e }, 'digest job failed');
    }
    const next = await digests.nextDue().catch(() => null);
    arm(Math.min(next ?? Infinity, clock.now() + everyMs));
  };
  digests.onScheduled = arm;
  arm(clock.now()); // what a previous run left
  return {
    stop: () => {
      stopped = true;
      cancel();
    },
    idle: () => running,
  };
}
