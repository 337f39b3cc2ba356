/**
 * The EventBridge Scheduler schedule a timer becomes on AWS (AWS itself cannot run here: this
 * checks the request the stream function sends, built by the same code).
 */
import { describe, expect, it } from 'vitest';
import { scheduleInput, scheduleName } from '../../services/clocks/scheduler-timers.js';
import type { Timer } from '../../services/clocks/timer.js';

const target = { group: 'Parlor-timers', functionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:timer', roleArn: 'arn:aws:iam::123456789012:role/scheduler' };
const timer: Timer = { kind: 'timeout', gameId: '9b2c6c8e-6f7e-4a55-9f1b-2d0c3f0e8a11', seat: 11, version: 42, deadline: '2026-03-01T10:00:00.250Z', at: Date.parse('2026-03-01T10:00:00.250Z') };

describe('a deadline as an EventBridge Scheduler one-time schedule', () => {
  it('runs once at the deadline (rounded up to the second, UTC), deletes itself after, and invokes the timer function with the timer and its version', () => {
    const input = scheduleInput(timer, target);
    expect(input).toMatchObject({
      GroupName: 'Parlor-timers',
      ScheduleExpression: 'at(2026-03-01T10:00:01)',
      ScheduleExpressionTimezone: 'UTC',
      ActionAfterCompletion: 'DELETE',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: { Arn: target.functionArn, RoleArn: target.roleArn },
    });
    expect(JSON.parse(input.Target!.Input!)).toEqual(timer);
  });

  it('is named per game, seat and kind, within the 64 characters a schedule name may have', () => {
    const names = (['timeout', 'warning', 'expire'] as const).map((kind) => scheduleName({ ...timer, kind, seat: kind === 'expire' ? -1 : timer.seat }));
    expect(new Set(names).size).toBe(3);
    for (const name of names) expect(name).toMatch(/^[0-9a-zA-Z-_.]{1,64}$/);
    expect(scheduleName({ ...timer, version: 43 })).toBe(scheduleName(timer)); // a newer version updates the same schedule
  });
});
