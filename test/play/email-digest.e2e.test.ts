/**
 * The email digest end to end, against a real SMTP server on loopback: one mail for the games
 * awaiting a player, at most every digestEveryHours, never one per move; it waits out quiet
 * hours; its unsubscribe link turns email off. The server's clock is moved by hand, so the
 * test runs hours in milliseconds.
 */
import { describe, expect, it } from 'vitest';
import { createAndJoin, registerPlayer, type Registered } from '../kit/players.js';
import { ManualClock } from '../kit/manual-clock.js';
import { useServer } from '../kit/server.js';
import { useSmtpServer } from '../kit/smtp.js';
import { until } from '../kit/webhook-receiver.js';
import { GATHER_MS } from '../../services/notifications/email/digest.js';

const HOUR = 3_600_000;
const clock = new ManualClock(Date.parse('2026-03-02T08:00:00Z'));
const smtp = useSmtpServer();
const server = useServer({ clock, notifications: { mailer: smtp.mailer, mailFrom: 'Parlor <parlor@parlor.test>', publicUrl: 'http://parlor.test' } });

const mailsTo = (address: string) => smtp.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === address);
const settings = async (player: Registered, input: Record<string, unknown>) => {
  const r = await server.gql('mutation($i: NotificationSettingsInput!) { setNotificationSettings(input: $i) { channels quietHours { start end timeZone } digestEveryHours } }', { i: input }, player.token);
  expect(r.errors).toBeUndefined();
  return r.data.setNotificationSettings;
};
const setEmail = async (player: Registered, address: string | null) => (await server.gql('mutation($a: String) { setEmail(address: $a) { email channels } }', { a: address }, player.token)).data.setEmail;
/** A SCOUT game each opponent plays against `player`: both seats choose their hand's way up first, so it awaits `player` at once. */
const gamesAgainst = async (player: Registered, names: string[], scheduled = true) => {
  const ids: string[] = [];
  for (const name of names) ids.push(await createAndJoin(server, { game: 'scout', seats: 2 }, [player, await registerPlayer(server, name)]));
  if (scheduled) await until(async () => (await server.play.notifications.digests!.nextDue()) !== null); // the digest is scheduled
  await server.play.settle();
  return ids;
};
/** Moves the server's clock and lets the digest job finish what came due. */
const advance = async (ms: number) => {
  clock.advance(ms);
  await server.play.digestsIdle();
};

describe('email digest', () => {
  it('sends one digest for every game awaiting the player ("3 games await your move"), linked, with an unsubscribe link, and no more than one per digestEveryHours', async () => {
    const ann = await registerPlayer(server, 'Ann');
    expect(await setEmail(ann, 'ann@example.org')).toEqual({ email: 'ann@example.org', channels: ['WEBHOOK', 'PUSH', 'EMAIL'] });
    await settings(ann, { digestEveryHours: 6 });
    const ids = await gamesAgainst(ann, ['Bob', 'Cy', 'Dan']);
    expect(mailsTo('ann@example.org')).toHaveLength(0); // gathering: three moves, one mail
    await advance(GATHER_MS);
    await until(() => mailsTo('ann@example.org').length === 1);
    const mail = mailsTo('ann@example.org')[0]!;
    expect(mail.subject).toBe('3 games await your move');
    expect(mail.from?.value[0]?.address).toBe('parlor@parlor.test');
    for (const [i, name] of ['Bob', 'Cy', 'Dan'].entries()) {
      expect(mail.text).toContain(`SCOUT vs ${name}`);
      expect(mail.text).toContain(`http://parlor.test/#/game/${ids[i]}`);
    }
    const unsubscribe = /http:\/\/parlor\.test(\/v1\/unsubscribe\?token=\S+)/.exec(mail.text ?? '')![1]!;
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toContain(unsubscribe);

    // A fourth game an hour later waits for the next digest, due six hours after the first.
    await advance(HOUR);
    await gamesAgainst(ann, ['Eli']);
    await advance(4 * HOUR);
    expect(mailsTo('ann@example.org')).toHaveLength(1);
    await advance(HOUR);
    await until(() => mailsTo('ann@example.org').length === 2);
    expect(mailsTo('ann@example.org')[1]!.subject).toBe('4 games await your move');

    // The link turns email off, and only that.
    expect((await server.rest('GET', unsubscribe.replace(/token=[^&]+/, 'token=forged.abc'))).body.error.code).toBe('BAD_INPUT');
    const off = await fetch(server.url + unsubscribe);
    expect(off.status).toBe(200);
    expect(await off.text()).toContain('no more email');
    expect((await server.gql('{ me { notificationSettings { channels email } } }', {}, ann.token)).data.me.notificationSettings).toEqual({ channels: ['WEBHOOK', 'PUSH'], email: 'ann@example.org' });
    await gamesAgainst(ann, ['Flo'], false);
    expect(await server.play.notifications.digests!.nextDue()).toBeNull();
    await advance(7 * HOUR);
    expect(mailsTo('ann@example.org')).toHaveLength(2);
  });

  it('waits out the player’s quiet hours, then sends', async () => {
    const gus = await registerPlayer(server, 'Gus');
    await setEmail(gus, 'gus@example.org');
    const hour = new Date(clock.now()).getUTCHours();
    const hhmm = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
    expect((await settings(gus, { quietHours: { start: hhmm(hour), end: hhmm(hour + 3), timeZone: 'UTC' } })).quietHours).toEqual({ start: hhmm(hour), end: hhmm(hour + 3), timeZone: 'UTC' });
    await gamesAgainst(gus, ['Hal']);
    await advance(GATHER_MS);
    await advance(2 * HOUR);
    expect(mailsTo('gus@example.org')).toHaveLength(0);
    await advance(HOUR);
    await until(() => mailsTo('gus@example.org').length === 1);
    expect(mailsTo('gus@example.org')[0]!.subject).toBe('SCOUT vs Hal awaits your move');
  });

  it('refuses bad settings and addresses with BAD_INPUT and keeps what was set', async () => {
    const ivy = await registerPlayer(server, 'Ivy');
    await setEmail(ivy, 'ivy@example.org');
    for (const input of [{ digestEveryHours: 0 }, { digestEveryHours: 1000 }, { quietHours: { start: '25:00', end: '07:00' } }, { quietHours: { start: '22:00', end: '22:00' } }, { quietHours: { start: '22:00', end: '07:00', timeZone: 'Mars/Olympus' } }]) {
      const r = await server.gql('mutation($i: NotificationSettingsInput!) { setNotificationSettings(input: $i) { digestEveryHours } }', { i: input }, ivy.token);
      expect(r.errors?.[0]?.extensions?.code, JSON.stringify(input)).toBe('BAD_INPUT');
    }
    for (const address of ['not an address', `${'a'.repeat(250)}@example.org`]) expect((await server.gql('mutation($a: String) { setEmail(address: $a) { email } }', { a: address }, ivy.token)).errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect((await server.rest('GET', '/v1/me/notification-settings', undefined, ivy.token)).body).toMatchObject({ email: 'ivy@example.org', digestEveryHours: 6, quietHours: null });
    expect((await server.rest('PUT', '/v1/me/email', { address: null }, ivy.token)).body.email).toBeNull();
    expect((await server.rest('PUT', '/v1/me/notification-settings', { channels: ['PUSH'] }, ivy.token)).body.channels).toEqual(['PUSH']);
  });
});
