/**
 * Device links: a signed-in device asks for a short one-time code and types it on another
 * device, which is then signed in as the same player.
 *
 *   pk = "DEVICELINK#<code>"  sk = "LINK"        { player, expiresAt (epoch s, the table's TTL) }
 *   pk = "PLAYER#<id>"        sk = "DEVICELINK"  { code }: the player's one live code
 *
 * One live code per player (a new one replaces the old), so codes never outnumber players; an
 * expired code is deleted when it is tried, and DynamoDB's TTL sweeps the rest on AWS. Redeeming
 * is one conditional DeleteItem: of two devices racing with the same code, exactly one wins.
 */
import { randomInt } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../store/document-client.js';
import { AppError } from '../app/errors.js';
import { playerPk } from '../players/registry.js';
import { TTL_ATTRIBUTE } from '../store/schema.js';

/** No 0/O, 1/I/L: a code read off one screen and typed on another. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_LENGTH = 8;
export const DEFAULT_LINK_TTL_MS = 10 * 60_000;

export interface DeviceLink {
  /** Shown as XXXX-XXXX; dashes, spaces and case do not matter when it is typed. */
  code: string;
  /** ISO 8601. */
  expiresAt: string;
}

const linkPk = (code: string) => `DEVICELINK#${code}`;
const LINK_SK = 'LINK';
const POINTER_SK = 'DEVICELINK';

/** The code as stored: upper case, only the alphabet's characters; null when it cannot be a code. */
export function normalisedCode(typed: string): string | null {
  if (typed.length > 40) return null;
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  return code.length === CODE_LENGTH && [...code].every((c) => CODE_ALPHABET.includes(c)) ? code : null;
}

export class DeviceLinks {
  private readonly doc: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly table: string,
    private readonly ttlMs = DEFAULT_LINK_TTL_MS,
  ) {
    this.doc = documentClient(client);
  }

  async create(player: string, now: number): Promise<DeviceLink> {
    const code = Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    const expires = now + this.ttlMs;
    const previous = (await this.doc.send(new GetCommand({ TableName: this.table, Key: { pk: playerPk(player), sk: POINTER_SK } }))).Item;
    if (previous) await this.doc.send(new DeleteCommand({ TableName: this.table, Key: { pk: linkPk(previous.code as string), sk: LINK_SK } }));
    await this.doc.send(
      new PutCommand({ TableName: this.table, Item: { pk: linkPk(code), sk: LINK_SK, player, [TTL_ATTRIBUTE]: Math.ceil(expires / 1000), expiresAtMs: expires }, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    await this.doc.send(new PutCommand({ TableName: this.table, Item: { pk: playerPk(player), sk: POINTER_SK, code, [TTL_ATTRIBUTE]: Math.ceil(expires / 1000) } }));
    return { code: `${code.slice(0, 4)}-${code.slice(4)}`, expiresAt: new Date(expires).toISOString() };
  }

  /** The player the code signs in; the code is used up. A wrong, used or expired code: NOT_FOUND. */
  async redeem(typed: string, now: number): Promise<string> {
    const refused = new AppError('NOT_FOUND', 'no such device link code: it is wrong, used or expired');
    const code = normalisedCode(typed);
    if (code === null) throw new AppError('BAD_INPUT', `a device link code has ${CODE_LENGTH} letters and digits`);
    const taken = await this.doc
      .send(new DeleteCommand({ TableName: this.table, Key: { pk: linkPk(code), sk: LINK_SK }, ConditionExpression: 'attribute_exists(pk)', ReturnValues: 'ALL_OLD' }))
      .catch((e: { name?: string }) => {
        if (e.name === 'ConditionalCheckFailedException') throw refused;
        throw e;
      });
    const item = taken.Attributes;
    if (!item || (item.expiresAtMs as number) <= now) throw refused;
    return item.player as string;
  }
}
