/**
 * Seats held in open games, per holder, in the same table: `pk = "SEATS#<holder>"`,
 * `sk = "<gameId>#<seat>"`, one item per seat (so writing it again changes nothing). Nothing has
 * to remove an item when its game starts: counting reads the games' lobby entries
 * (services/store/lobby.ts, kept by the lobby projection) and drops the items of games the lobby
 * has closed. Items also expire by DynamoDB's TTL, so a holder who never comes back leaves nothing.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DeleteCommand, DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './document-client.js';
import type { OpenSeatsStore } from './read-models.js';
import { TTL_ATTRIBUTE } from './schema.js';

const seatsPk = (holder: string) => `SEATS#${holder}`;
/** An item outlives its game's stay in the lobby by a day (or, for a game that never expires, 31 days). */
const DAY_SECONDS = 24 * 3600;
/** Items read per count: the cap is far below, so a holder's stale items cannot hide open ones for long. */
const READ_AT_MOST = 100;

export class DynamoOpenSeats implements OpenSeatsStore {
  private readonly doc: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly table: string,
  ) {
    this.doc = documentClient(client);
  }

  async hold(holder: string, gameId: string, seat: number, openUntil?: string): Promise<void> {
    const until = openUntil === undefined ? Date.now() / 1000 + 30 * DAY_SECONDS : Date.parse(openUntil) / 1000;
    const item = { pk: seatsPk(holder), sk: `${gameId}#${seat}`, gameId, [TTL_ATTRIBUTE]: Math.floor(until) + DAY_SECONDS };
    await this.doc.send(new PutCommand({ TableName: this.table, Item: item }));
  }

  async count(holder: string): Promise<number> {
    const out = await this.doc.send(new QueryCommand({ TableName: this.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': seatsPk(holder) }, Limit: READ_AT_MOST }));
    const items = (out.Items ?? []) as { sk: string; gameId: string }[];
    if (items.length === 0) return 0;
    const games = [...new Set(items.map((i) => i.gameId))];
    const got = await this.doc.send(new BatchGetCommand({ RequestItems: { [this.table]: { Keys: games.map((g) => ({ pk: 'LOBBY', sk: g })), ProjectionExpression: 'sk, #open', ExpressionAttributeNames: { '#open': 'open' } } } }));
    // A game the lobby closed (started, cancelled, expired) frees its seats; one it has not
    // written yet (a projection behind, on AWS) still counts.
    const closed = new Set(((got.Responses?.[this.table] ?? []) as { sk: string; open?: boolean }[]).filter((e) => e.open === false).map((e) => e.sk));
    const stale = items.filter((i) => closed.has(i.gameId));
    await Promise.all(stale.map((i) => this.doc.send(new DeleteCommand({ TableName: this.table, Key: { pk: seatsPk(holder), sk: i.sk } }))));
    return items.length - stale.length;
  }
}
