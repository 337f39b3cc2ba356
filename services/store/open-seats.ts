/**
 * Seats held in open games, per holder, kept so that a join never reads a list (issue 33: the
 * old count read up to 100 items and their lobby rows on every join, and all clients behind one
 * address share a holder, so joins slowed as that holder's history grew).
 *
 * - The holder's item (`pk = "SEATS#<holder>"`, `sk = "OPEN"`) holds a string set of its
 *   reservations, `<gameId>#<ticket>`. A join reserves with one conditional UpdateItem
 *   (`ADD` to the set if it has fewer than `max`), so the cap holds however many joins race.
 * - The game's item (`pk = "OPENSEATS#<gameId>"`, `sk = "HOLDERS"`) names the holders who
 *   reserved in it, written before the reservation: whatever a crash leaves reserved is found.
 * - When the game leaves the lobby (starts, is cancelled or expires) a reaction (`release`,
 *   services/app/projections.ts) takes that game's reservations out of each holder's set and
 *   deletes the game's item. Both are set operations, so a redelivered commit changes nothing.
 * - Drift heals: a reservation whose join never committed is still listed under its game and goes
 *   when the game closes; both items carry a TTL, so a holder who stops joining (or a game
 *   that never closes) leaves nothing after a month.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './document-client.js';
import type { OpenSeatsStore } from './read-models.js';
import { TTL_ATTRIBUTE } from './schema.js';

const holderPk = (holder: string) => `SEATS#${holder}`;
const gamePk = (gameId: string) => `OPENSEATS#${gameId}`;
const DAY_SECONDS = 24 * 3600;
/** A holder's item outlives its last reservation by a month; a game's, its expiry by a day (or a month without one). */
const MONTH_SECONDS = 31 * DAY_SECONDS;

export class DynamoOpenSeats implements OpenSeatsStore {
  private readonly doc: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly table: string,
  ) {
    this.doc = documentClient(client);
  }

  async reserve(holder: string, gameId: string, ticket: string, max: number, openUntil?: string): Promise<boolean> {
    const now = Math.floor(Date.now() / 1000);
    const gameTtl = openUntil === undefined ? now + MONTH_SECONDS : Math.floor(Date.parse(openUntil) / 1000) + DAY_SECONDS;
    // The game names the holder first: a reservation is never where the release cannot find it.
    await this.doc.send(new UpdateCommand({ TableName: this.table, Key: { pk: gamePk(gameId), sk: 'HOLDERS' }, UpdateExpression: 'ADD holders :h SET #ttl = :ttl', ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE }, ExpressionAttributeValues: { ':h': new Set([holder]), ':ttl': gameTtl } }));
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: holderPk(holder), sk: 'OPEN' },
          UpdateExpression: 'ADD seats :s SET #ttl = :ttl',
          ConditionExpression: 'attribute_not_exists(seats) OR size(seats) < :max',
          ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':s': new Set([`${gameId}#${ticket}`]), ':max': max, ':ttl': Math.max(gameTtl, now + MONTH_SECONDS) },
        }),
      );
      return true;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException || (e as { name?: string }).name === 'ConditionalCheckFailedException') return false;
      throw e;
    }
  }

  async cancel(holder: string, gameId: string, ticket: string): Promise<void> {
    await this.doc.send(new UpdateCommand({ TableName: this.table, Key: { pk: holderPk(holder), sk: 'OPEN' }, UpdateExpression: 'DELETE seats :s', ExpressionAttributeValues: { ':s': new Set([`${gameId}#${ticket}`]) } }));
  }

  async release(gameId: string): Promise<void> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.table, Key: { pk: gamePk(gameId), sk: 'HOLDERS' } }));
    const holders = [...((Item?.holders as Set<string> | undefined) ?? [])];
    await Promise.all(holders.map((h) => this.releaseFor(h, gameId)));
    if (Item) await this.doc.send(new DeleteCommand({ TableName: this.table, Key: { pk: gamePk(gameId), sk: 'HOLDERS' } }));
  }

  /** One holder's reservations in the game, out of its set (a GetItem of at most `max` strings, then a DELETE from the set). */
  private async releaseFor(holder: string, gameId: string): Promise<void> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.table, Key: { pk: holderPk(holder), sk: 'OPEN' }, ProjectionExpression: 'seats' }));
    const mine = [...((Item?.seats as Set<string> | undefined) ?? [])].filter((s) => s.startsWith(`${gameId}#`));
    if (mine.length === 0) return;
    await this.doc.send(new UpdateCommand({ TableName: this.table, Key: { pk: holderPk(holder), sk: 'OPEN' }, UpdateExpression: 'DELETE seats :s', ExpressionAttributeValues: { ':s': new Set(mine) } }));
  }

  /** Reservations a holder has now (tests and tools; never read by a join). */
  async held(holder: string): Promise<number> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.table, Key: { pk: holderPk(holder), sk: 'OPEN' }, ProjectionExpression: 'seats' }));
    return ((Item?.seats as Set<string> | undefined) ?? new Set()).size;
  }
}
