/** An alarm clock tests move by hand: days pass in milliseconds, timers fire in due order. */
import type { AlarmClock } from '../../services/clocks/local-timers.js';

export class ManualClock implements AlarmClock {
  private time: number;
  private alarms: { at: number; fire: () => void; id: number }[] = [];
  private nextId = 0;

  constructor(start = Date.parse('2026-01-01T00:00:00Z')) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  at(at: number, fire: () => void): () => void {
    if (at <= this.time) {
      // Late already: fires at once (after the caller returns), like a zero setTimeout.
      let cancelled = false;
      queueMicrotask(() => cancelled || fire());
      return () => void (cancelled = true);
    }
    const id = this.nextId++;
    this.alarms.push({ at, fire, id });
    return () => {
      this.alarms = this.alarms.filter((a) => a.id !== id);
    };
  }

  /** Moves time forward by `ms`, firing every alarm that comes due (late ones included). */
  advance(ms: number): void {
    this.time += ms;
    const due = this.alarms.filter((a) => a.at <= this.time).sort((a, b) => a.at - b.at);
    this.alarms = this.alarms.filter((a) => a.at > this.time);
    for (const a of due) a.fire();
  }

  /** Moves time forward by `ms` without firing anything: a timer running late. */
  lag(ms: number): void {
    this.time += ms;
  }

  pending(): number {
    return this.alarms.length;
  }
}
