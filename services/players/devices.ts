/**
 * Devices: each sign-in (registering, a passkey, a device link) is a device of the player, at
 * `pk = "PLAYER#<id>"`, `sk = "DEVICE#<device id>"`. A player token names its device (`did`), and
 * a token whose device is gone is refused: revoking a device (or signing out) deletes the item,
 * so every token it ever had stops working at once. At most MAX_DEVICES per player: a new
 * sign-in beyond that forgets the device seen least recently.
 *
 * Tokens from before devices (no `did`) all belong to one device per player, LEGACY_DEVICE, made at
 * their first use: it is listed and can be revoked like any (revoking keeps its item, marked, so
 * later legacy tokens are refused instead of making it again), its renewals name it, and it never
 * counts toward the cap, so it never signs a real device out (issue 36: a legacy token used by a
 * client that ignored Parlor-Token made a device at every use and evicted the player's own).
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TableStore } from '../store/document-client.js';
import { playerPk } from './registry.js';

export const MAX_DEVICES = 20;
/** lastSeenAt is written at most this often per device (a read per request, not a write). */
export const SEEN_EVERY_MS = 24 * 3600_000;
const DEVICE = 'DEVICE#';
/** The device of every token from before devices. */
export const LEGACY_DEVICE = 'legacy';

/** How a device signed in. */
export type SignInMethod = 'REGISTER' | 'PASSKEY' | 'DEVICE_LINK' | 'RENEWED';

export interface Device {
  id: string;
  /** A short description of the client ("Chrome on Linux"), from its User-Agent. */
  label: string;
  via: SignInMethod;
  createdAt: string;
  lastSeenAt: string;
}

export class Devices extends TableStore {
  async add(player: string, via: SignInMethod, label: string, now: number): Promise<Device> {
    const at = new Date(now).toISOString();
    const device: Device = { id: randomUUID(), label: label.slice(0, 60), via, createdAt: at, lastSeenAt: at };
    const existing = (await this.list(player)).filter((d) => d.id !== LEGACY_DEVICE);
    // Over the cap: the least recently seen go, so a sign-in never fails for it.
    for (const old of existing.sort((a, b) => a.lastSeenAt.localeCompare(b.lastSeenAt)).slice(0, Math.max(0, existing.length - MAX_DEVICES + 1))) await this.revoke(player, old.id);
    await this.doc.send(new PutCommand({ TableName: this.table, Item: { pk: playerPk(player), sk: DEVICE + device.id, ...device } }));
    return device;
  }

  async get(player: string, id: string): Promise<Device | null> {
    const item = (await this.doc.send(new GetCommand({ TableName: this.table, Key: { pk: playerPk(player), sk: DEVICE + id }, ConsistentRead: true }))).Item;
    return item && !item.revokedAt ? deviceOf(item) : null;
  }

  /** The player's legacy device, made at the first use of such a token; null once revoked. */
  async legacy(player: string, now: number): Promise<Device | null> {
    const key = { pk: playerPk(player), sk: DEVICE + LEGACY_DEVICE };
    const item = (await this.doc.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }))).Item;
    if (item) return item.revokedAt ? null : deviceOf(item);
    const at = new Date(now).toISOString();
    const device: Device = { id: LEGACY_DEVICE, label: 'a token from before devices', via: 'RENEWED', createdAt: at, lastSeenAt: at };
    try {
      // Conditional: of two first uses at once one writes; and a revoked one is never made again.
      await this.doc.send(new PutCommand({ TableName: this.table, Item: { ...key, ...device }, ConditionExpression: 'attribute_not_exists(pk)' }));
      return device;
    } catch (e) {
      if ((e as { name?: string }).name !== 'ConditionalCheckFailedException') throw e;
      return this.get(player, LEGACY_DEVICE);
    }
  }

  /** The player's devices, most recently seen first (one Query: at most MAX_DEVICES items). */
  async list(player: string): Promise<Device[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :p AND begins_with(sk, :d)',
        ExpressionAttributeValues: { ':p': playerPk(player), ':d': DEVICE },
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []).filter((item) => !item.revokedAt).map(deviceOf).sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt));
  }

  /** Deletes the device; true when it existed. Its tokens are refused from the next request on. */
  async revoke(player: string, id: string): Promise<boolean> {
    if (id === LEGACY_DEVICE) {
      // Marked, not deleted: a later legacy token must find it revoked, not make it anew.
      const at = new Date().toISOString();
      return this.doc
        .send(new UpdateCommand({ TableName: this.table, Key: { pk: playerPk(player), sk: DEVICE + id }, UpdateExpression: 'SET revokedAt = :at', ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedAt)', ExpressionAttributeValues: { ':at': at } }))
        .then(() => true)
        .catch((e: { name?: string }) => {
          if (e.name !== 'ConditionalCheckFailedException') throw e;
          return false;
        });
    }
    const out = await this.doc.send(new DeleteCommand({ TableName: this.table, Key: { pk: playerPk(player), sk: DEVICE + id }, ReturnValues: 'ALL_OLD' }));
    return out.Attributes !== undefined;
  }

  /** Records that the device was used, at most once per SEEN_EVERY_MS (and never revives a revoked one). */
  async seen(player: string, device: Device, now: number): Promise<void> {
    if (now - Date.parse(device.lastSeenAt) < SEEN_EVERY_MS) return;
    await this.doc
      .send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: playerPk(player), sk: DEVICE + device.id },
          UpdateExpression: 'SET lastSeenAt = :at',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedAt)',
          ExpressionAttributeValues: { ':at': new Date(now).toISOString() },
        }),
      )
      .catch((e: { name?: string }) => {
        if (e.name !== 'ConditionalCheckFailedException') throw e;
      });
  }
}

function deviceOf(item: Record<string, unknown>): Device {
  return { id: item.id as string, label: item.label as string, via: item.via as SignInMethod, createdAt: item.createdAt as string, lastSeenAt: item.lastSeenAt as string };
}

/** "Chrome on Linux": enough to tell one's devices apart, nothing more of the User-Agent kept. */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = [['Edg/', 'Edge'], ['Firefox/', 'Firefox'], ['Chrome/', 'Chrome'], ['Safari/', 'Safari']].find(([mark]) => ua.includes(mark!))?.[1];
  const os = [['Android', 'Android'], ['iPhone', 'iOS'], ['iPad', 'iOS'], ['Windows', 'Windows'], ['Mac OS', 'macOS'], ['Linux', 'Linux']].find(([mark]) => ua.includes(mark!))?.[1];
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? (ua.slice(0, 40) || 'a client');
}
