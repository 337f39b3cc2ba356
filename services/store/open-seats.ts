/**
 * Seats held in open games, per holder, kept so that a join never reads a list (issue 33: the
 * old count read up to 100 items and their lobby rows on every join, and all clients behind one
 * address share a holder, so joins slowed as that holder's history grew).
 *
 * - The holder's item (`pk = "SEATS#<holder>"`, `sk = "OPEN"`) holds a string set of its
 *   reservations, `<gameId>#<ticket>#<expiry>`. A join reserves with one conditional UpdateItem
 *   (`ADD` to the set while it has fewer than `max`), so the cap holds however many joins race.
 * - The game's item (`pk = "OPENSEATS#<gameId>"`, `sk = "HOLDERS"`) lists every reservation made
 *   in it (`<holder>|<reservation>`), written before the reservation itself.
 * - When the game leaves the lobby (starts, is cancelled or expires) a reaction (`release`,
 *   services/app/projections.ts) reads the game's item and DELETEs those reservations from each
 *   holder's set, then deletes the game's item: set operations, so a redelivered commit changes nothing.
 * - Drift heals: a reservation whose join never committed (a crash) is listed under its game and
 *   goes when the game closes; one made after its game closed goes once its expiry passes (a holder
 *   refused at the cap drops its expired ones in the background); both items carry a TTL.
 */
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TableStore } from './document-client.js';
import type { OpenSeatsStore } from './read-models.js';
import { TTL_ATTRIBUTE } from './schema.js';

const holderPk = (holder: string) => `SEATS#${holder}`;
const gamePk = (gameId: string) => `OPENSEATS#${gameId}`;
const DAY_SECONDS = 24 * 3600;
/** A holder's item outlives its last reservation by a month; a game's, its expiry by a day (or a month without one). */
const MONTH_SECONDS = 31 * DAY_SECONDS;

export class DynamoOpenSeats extends TableStore implements OpenSeatsStore {
  async reserve(holder: string, gameId: string, ticket: string, max: number, openUntil?: string): Promise<string | null> {
    const now = Math.floor(Date.now() / 1000);
    const until = openUntil === undefined ? now + MONTH_SECONDS : Math.floor(Date.parse(openUntil) / 1000);
    const entry = `${gameId}#${ticket}#${until}`;
    // The game names the reservation first: a reservation is never where the release cannot find it.
    await this.doc.send(new UpdateCommand({ TableName: this.table, Key: { pk: gamePk(gameId), sk: 'HOLDERS' }, UpdateExpression: 'ADD tickets :t SET #ttl = :ttl', ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE }, ExpressionAttributeValues: { ':t': new Set([`${holder}|${entry}`]), ':ttl': until + DAY_SECONDS } }));
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: holderPk(holder), sk: 'OPEN' },
          UpdateExpression: 'ADD seats :s SET #ttl = :ttl',
          ConditionExpression: 'attribute_not_exists(seats) OR size(seats) < :max',
          ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':s': new Set([entry]), ':max': max, ':ttl': Math.max(until + DAY_SECONDS, now + MONTH_SECONDS) },
        }),
      );
      return entry;
    } catch (e) {
      if ((e as { name?: string }).name !== 'ConditionalCheckFailedException') throw e;
      // At the cap: places whose game's expiry has passed are left-overs (a crash between reserving
      // and giving back); they go now, in the background, so a later join finds them gone.
      void this.prune(holder, now).catch(() => {});
      return null;
    }
  }

  async cancel(holder: string, reservation: string): Promise<void> {
    await this.drop(holder, [reservation]);
  }

  async release(gameId: string): Promise<void> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.table, Key: { pk: gamePk(gameId), sk: 'HOLDERS' } }));
    // The game's item lists every reservation made in it (a few per seat): no holder's set is read.
    const byHolder = new Map<string, string[]>();
    for (const t of (Item?.tickets as Set<string> | undefined) ?? []) {
      const [holder, entry] = t.split('|') as [string, string];
      byHolder.set(holder, [...(byHolder.get(holder) ?? []), entry]);
    }
    await Promise.all([...byHolder].map(([holder, entries]) => this.drop(holder, entries)));
    if (Item) await this.doc.send(new DeleteCommand({ TableName: this.table, Key: { pk: gamePk(gameId), sk: 'HOLDERS' } }));
  }

  private async drop(holder: string, entries: string[]): Promise<void> {
    await this.doc.send(new UpdateCommand({ TableName: this.table, Key: { pk: holderPk(holder), sk: 'OPEN' }, UpdateExpression: 'DELETE seats :s', ExpressionAttributeValues: { ':s': new Set(entries) } }));
  }

  /** Drops a holder's places whose game expired (`now`, epoch seconds): one GetItem of at most `max` strings. */
  private async prune(holder: string, now: number): Promise<void> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.table, Key: { pk: holderPk(holder), sk: 'OPEN' }, ProjectionExpression: 'seats' }));
    const expired = [...((Item?.seats as Set<string> | undefined) ?? [])].filter((s) => Number(s.slice(s.lastIndexOf('#') + 1)) < now);
    if (expired.length > 0) await this.drop(holder, expired);
  }

  /** Reservations a holder has now (tests and tools; never read by a join). */
  async held(holder: string): Promise<number> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.table, Key: { pk: holderPk(holder), sk: 'OPEN' }, ProjectionExpression: 'seats' }));
    return ((Item?.seats as Set<string> | undefined) ?? new Set()).size;
  }
}
