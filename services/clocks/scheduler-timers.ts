/**
 * Timers on AWS: each one an EventBridge Scheduler one-time schedule (`at(…)`, deleted after
 * it runs) that invokes the timer function with the timer as its input. After every commit the
 * stream function upserts the game's schedules, so each carries the game's newest version;
 * a schedule left over from an earlier state fires harmlessly (its version no longer holds).
 */
import { ConflictException, CreateScheduleCommand, UpdateScheduleCommand, type CreateScheduleCommandInput, type SchedulerClient } from '@aws-sdk/client-scheduler';
import type { Aggregate } from '../app/aggregate.js';
import { timersOf, type Timer } from './timer.js';

export interface SchedulerTarget {
  /** The schedule group all of Parlor's timers live in. */
  group: string;
  /** The timer function's ARN and the role the scheduler assumes to invoke it. */
  functionArn: string;
  roleArn: string;
}

/** A schedule's name: unique per game, seat and kind; at most 64 characters. */
export const scheduleName = (t: Timer) => `${t.kind[0]}-${t.gameId}-${t.seat < 0 ? 'g' : t.seat}`;

/** `at()` takes a UTC time to the second, without a zone suffix; a due time in the past runs at once. */
const atExpression = (ms: number) => `at(${new Date(Math.ceil(ms / 1000) * 1000).toISOString().slice(0, 19)})`;

export function scheduleInput(t: Timer, target: SchedulerTarget): CreateScheduleCommandInput {
  return {
    Name: scheduleName(t),
    GroupName: target.group,
    ScheduleExpression: atExpression(t.at),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    Target: { Arn: target.functionArn, RoleArn: target.roleArn, Input: JSON.stringify(t), RetryPolicy: { MaximumRetryAttempts: 10, MaximumEventAgeInSeconds: 3600 } },
  };
}

export class SchedulerTimers {
  constructor(
    private readonly client: SchedulerClient,
    private readonly target: SchedulerTarget,
  ) {}

  async sync(agg: Aggregate): Promise<void> {
    for (const timer of timersOf(agg)) {
      const input = scheduleInput(timer, this.target);
      try {
        await this.client.send(new CreateScheduleCommand(input));
      } catch (e) {
        if (!(e instanceof ConflictException)) throw e;
        await this.client.send(new UpdateScheduleCommand(input));
      }
    }
  }
}
