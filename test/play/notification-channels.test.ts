/**
 * Per-player settings decide which notices take which channel: the events chosen, the channels
 * chosen, and quiet hours (no push in them; the digest is scheduled and waits). The settings live
 * in a real table (embedded DynamoDB); the channels are recorders.
 */
import type { Aggregate } from '../../services/app/aggregate.js';
import { describe, expect, it } from 'vitest';
import { emailChannel, NotificationChannels, pushChannel, webhookChannel } from '../../services/notifications/channels.js';
import type { Notice } from '../../services/notifications/index.js';
import { NotificationSettingsStore } from '../../services/notifications/settings.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';

const db = useEmbeddedDynamo();
const NOON = Date.parse('2026-06-01T12:00:00Z');

/** Every player here has one browser subscribed (the push channel sends only where there is one). */
const browser = [{ id: 'b', player: 'p', endpoint: 'https://push.example.org/b', p256dh: '', auth: '', createdAt: '' }];
const withBrowser = (store: NotificationSettingsStore) => Object.assign(store, { forNotice: async (player: string) => ({ settings: await store.get(player), push: browser }) });

function channelsAt(now: number) {
  const got = { webhook: [] as string[], push: [] as string[], email: [] as string[] };
  const store = new NotificationSettingsStore(db.client, db.tableName);
  const channels = new NotificationChannels(
    withBrowser(store),
    {
      WEBHOOK: webhookChannel({ notify: async (n) => void got.webhook.push(n.type) }),
      PUSH: pushChannel(async (n) => void got.push.push(n.type), () => now),
      EMAIL: emailChannel(async (player) => void got.email.push(player), () => now),
    },
    { error: () => {} },
  );
  return { got, store, channels };
}
const notice = (player: string, type: Notice['type']): Notice => ({ type, player, gameId: 'g1', seat: 0, version: 3, deadline: null });
/** The channels here never read the game: the webhook channel only hands it on. */
const game = {} as Aggregate;

describe('notification settings', () => {
  it('by default every event takes every channel (email: a game awaiting the player schedules the digest)', async () => {
    const { got, channels } = channelsAt(NOON);
    for (const type of ['YOUR_TURN', 'DEADLINE_WARNING', 'GAME_OVER'] as const) await channels.notify(notice('p-default', type), game);
    expect(got).toEqual({ webhook: ['YOUR_TURN', 'DEADLINE_WARNING', 'GAME_OVER'], push: ['YOUR_TURN', 'DEADLINE_WARNING', 'GAME_OVER'], email: ['p-default', 'p-default'] });
  });

  it('sends only the chosen events, only by the chosen channels', async () => {
    const { got, store, channels } = channelsAt(NOON);
    await store.update('p-chosen', { events: ['GAME_OVER', 'YOUR_TURN'], channels: ['PUSH'] });
    for (const type of ['YOUR_TURN', 'DEADLINE_WARNING', 'GAME_OVER'] as const) await channels.notify(notice('p-chosen', type), game);
    expect(got).toEqual({ webhook: [], push: ['YOUR_TURN', 'GAME_OVER'], email: [] });
  });

  it('sends no push in quiet hours (in the player’s time zone, across midnight); the digest is still scheduled, to wait them out', async () => {
    const { store } = channelsAt(NOON);
    // 12:00 UTC is 21:00 in Tokyo: inside 20:00–07:00 there, outside it in UTC.
    await store.update('p-quiet', { quietHours: { start: '20:00', end: '07:00', timeZone: 'Asia/Tokyo' } });
    await store.update('p-awake', { quietHours: { start: '20:00', end: '07:00', timeZone: 'UTC' } });
    const { got, channels } = channelsAt(NOON);
    await channels.notify(notice('p-quiet', 'YOUR_TURN'), game);
    await channels.notify(notice('p-awake', 'YOUR_TURN'), game);
    expect(got).toEqual({ webhook: ['YOUR_TURN', 'YOUR_TURN'], push: ['YOUR_TURN'], email: ['p-quiet', 'p-awake'] });
  });

  it('a channel that fails keeps no other from its notice', async () => {
    const store = new NotificationSettingsStore(db.client, db.tableName);
    const pushed: string[] = [];
    const channels = new NotificationChannels(withBrowser(store), { WEBHOOK: async () => Promise.reject(new Error('outbox down')), PUSH: pushChannel(async (n) => void pushed.push(n.type), () => NOON) }, { error: () => {} });
    await channels.notify(notice('p-fail', 'YOUR_TURN'), game);
    expect(pushed).toEqual(['YOUR_TURN']);
  });
});
