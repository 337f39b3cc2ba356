/**
 * The alarm clock timers fire by on one machine (services/clocks/local-timers.ts). A timeout decided
 * before its deadline commits nothing, and nothing arms the game again: so an alarm must never
 * fire before its time, even when the platform's timer wakes early.
 */
import { describe, expect, it } from 'vitest';
import { alarmClockOn, type TimerHost } from '../../services/clocks/local-timers.js';

/** A timer host whose timers run only when the test says, at the time the test sets. */
function manualHost() {
  const pending: { fire: () => void; ms: number }[] = [];
  let now = 0;
  const host: TimerHost = {
    now: () => now,
    setTimeout: (fire, ms) => {
      const t = { fire, ms, unref() {} };
      pending.push(t);
      return t;
    },
    clearTimeout: (t) => void pending.splice(pending.indexOf(t as never), 1),
  };
  /** Sets the wall clock and wakes every pending timer, as an early or late platform timer would. */
  const wake = (at: number) => {
    now = at;
    for (const t of pending.splice(0)) t.fire();
  };
  return { host, pending, wake };
}

describe('alarm clock', () => {
  it('an alarm woken before its time waits again, and fires once the time has come', () => {
    const { host, pending, wake } = manualHost();
    let fired = 0;
    alarmClockOn(host).at(1000, () => fired++);
    wake(999); // the platform's timer woke 1 ms early
    expect(fired).toBe(0);
    expect(pending.map((t) => t.ms)).toEqual([1]);
    wake(1000);
    expect(fired).toBe(1);
    expect(pending).toHaveLength(0);
  });

  it('an alarm already past fires at once, but never from inside the call that sets it', () => {
    const { host, wake } = manualHost();
    let fired = 0;
    alarmClockOn(host).at(-5, () => fired++);
    expect(fired).toBe(0);
    wake(0);
    expect(fired).toBe(1);
  });

  it('a cancelled alarm does not fire, even after waiting again', () => {
    const { host, wake } = manualHost();
    let fired = 0;
    const cancel = alarmClockOn(host).at(1000, () => fired++);
    wake(500);
    cancel();
    wake(2000);
    expect(fired).toBe(0);
  });
});
