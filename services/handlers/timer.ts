/**
 * The timer function: EventBridge Scheduler invokes it with one timer (a deadline, its warning,
 * or an unstarted game's expiry), a once-a-minute rule with `{ "outbox": true }` to send
 * due webhook deliveries and due email digests, and another with `{ "matchmaking": true }` for
 * matchmaking's beat (`tick`): it finishes the seeks' follow-ups a function cut off left marked, and
 * pairs every marked pool, so a player waiting alone is seated with bots after the wait even if
 * they closed the page (on AWS nothing else runs it). A late or repeated timer changes nothing
 * (clocks/timer.ts).
 */
import type { Context } from 'aws-lambda';
import { fireTimer, type Timer } from '../clocks/timer.js';
import { Dispatcher } from '../notifications/dispatcher.js';
import { Outbox } from '../notifications/outbox.js';
import { once, parlorFromEnv, type Parlor } from './env.js';
import { instrumented, logger } from './observability.js';

/** `followUps` is the beat's earlier name: a rule deployed before its function's code still runs the beat. */
export type TimerEvent = Timer | { outbox: true } | { matchmaking: true } | { followUps: true };
/** How long the once-a-minute run keeps starting deliveries: within its 60 s timeout, with room for the last attempts (10 s each) and the digests. */
export const OUTBOX_RUN_MS = 40_000;

export function timerHandler(parlor: Parlor) {
  const outbox = new Outbox(parlor.client, parlor.tableName);
  const dispatcher = new Dispatcher(outbox, parlor.play.webhooks, { log: { error: (d, m) => logger.error(m, { details: d }) } });
  return async (event: TimerEvent): Promise<{ changed?: boolean; sent?: number; digests?: number; resumed?: number; seated?: number }> => {
    if ('matchmaking' in event || 'followUps' in event) return parlor.play.matchmaking.tick();
    if ('outbox' in event) return { sent: await dispatcher.sendDue(Date.now() + OUTBOX_RUN_MS), digests: (await parlor.play.notifications.digests?.sendDue(Date.now())) ?? 0 };
    const changed = await fireTimer(parlor.service, event, {
      warn: async (agg, timer) => {
        const player = agg.app.players[timer.seat];
        if (player !== undefined) await parlor.notifier.notify({ type: 'DEADLINE_WARNING', player, gameId: agg.id, seat: timer.seat, version: agg.version, deadline: timer.deadline }, agg);
      },
    });
    return { changed };
  };
}

const ready = once(async () => timerHandler(parlorFromEnv()));
if (process.env.AWS_LAMBDA_FUNCTION_NAME) await ready();

export const handler = instrumented('timer', async (event: TimerEvent, _context: Context) => (await ready())(event));
