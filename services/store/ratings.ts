/**
 * The ratings in the game table (the port: ratings-port.ts):
 *
 *   pk = "RATINGS#<game>"    sk = "L#<seq, 10 digits>"   the ledger: one entry per rated game
 *                            sk = "MATERIALIZED"          the last entry whose read models are written
 *                            sk = "G#<gameId>"            the game is rated, at seq
 *   pk = "RATED#<ratingId>"  sk = "R#<game>"              a player's current rating of a game type,
 *                                                          on the leaderboard via byOwner: gpk = "LEADERBOARD#<game>", gsk = leaderboardPosition
 *                            sk = "H#<game>#<newest first>"  one change per rated game (the player's history)
 *
 * Reads that decide a write (the ledger, the marks, current ratings) are strongly consistent.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TableStore } from './document-client.js';
import { historyPosition, leaderboardPosition, type LedgerEntry, type PlayerRating, type RatingChange, type RatingsStore } from './ratings-port.js';
import { OWNER_INDEX } from './schema.js';

const ledgerPk = (game: string) => `RATINGS#${game}`;
const ledgerSk = (seq: number) => `L#${String(seq).padStart(10, '0')}`;
const ratedPk = (ratingId: string) => `RATED#${ratingId}`;
const MARK = 'MATERIALIZED';

export class DynamoRatings extends TableStore implements RatingsStore {
  async entriesAfter(game: string, seq: number, limit: number): Promise<LedgerEntry[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': ledgerPk(game), ':from': ledgerSk(seq + 1), ':to': 'L#~' },
        ConsistentRead: true,
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map((item) => item.entry as LedgerEntry);
  }

  async append(entry: LedgerEntry): Promise<boolean> {
    return this.putUnless({ pk: ledgerPk(entry.game), sk: ledgerSk(entry.seq), entry }, 'attribute_not_exists(pk)');
  }

  async materializedUpTo(game: string): Promise<number> {
    return ((await this.get(ledgerPk(game), MARK))?.seq as number | undefined) ?? 0;
  }

  async writeReadModels(e: LedgerEntry): Promise<void> {
    const newer = { ConditionExpression: 'attribute_not_exists(pk) OR seq < :seq', ExpressionAttributeValues: { ':seq': e.seq } };
    for (const s of e.seats) {
      const rating: PlayerRating = { ratingId: s.ratingId, game: e.game, name: s.name, mu: s.after.mu, sigma: s.after.sigma, games: s.before.games + 1, seq: e.seq, ...s.record };
      // A provisional rating is kept off the leaderboard: no index key.
      const listed = rating.provisional ? {} : { [OWNER_INDEX.partition]: `LEADERBOARD#${e.game}`, [OWNER_INDEX.sort]: leaderboardPosition(rating) };
      await this.putUnless({ pk: ratedPk(s.ratingId), sk: `R#${e.game}`, ...rating, ...listed }, newer.ConditionExpression, newer.ExpressionAttributeValues);
      const change: RatingChange = { game: e.game, gameId: e.gameId, seq: e.seq, endedAt: e.endedAt, rank: s.rank, players: e.seats.length, mu: s.after.mu, sigma: s.after.sigma, before: { mu: s.before.mu, sigma: s.before.sigma }, ...(e.counted === false && { counted: false as const }), ...(e.linked && { linked: true as const }) };
      await this.doc.send(new PutCommand({ TableName: this.table, Item: { pk: ratedPk(s.ratingId), sk: `H#${e.game}#${historyPosition(e.seq)}`, ...change } }));
    }
    await this.doc.send(new PutCommand({ TableName: this.table, Item: { pk: ledgerPk(e.game), sk: `G#${e.gameId}`, seq: e.seq } }));
  }

  async markMaterialized(game: string, seq: number): Promise<void> {
    await this.putUnless({ pk: ledgerPk(game), sk: MARK, seq }, 'attribute_not_exists(pk) OR seq < :seq', { ':seq': seq });
  }

  async ratedAt(game: string, gameId: string): Promise<number | null> {
    return ((await this.get(ledgerPk(game), `G#${gameId}`))?.seq as number | undefined) ?? null;
  }

  async ratings(game: string, ratingIds: readonly string[]): Promise<Map<string, PlayerRating>> {
    const items = await Promise.all(ratingIds.map((id) => this.get(ratedPk(id), `R#${game}`)));
    return new Map(items.flatMap((item) => (item ? [[item.ratingId as string, asRating(item)]] : [])));
  }

  async playerRatings(ratingId: string): Promise<PlayerRating[]> {
    const out = await this.doc.send(
      new QueryCommand({ TableName: this.table, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :r)', ExpressionAttributeValues: { ':pk': ratedPk(ratingId), ':r': 'R#' } }),
    );
    return (out.Items ?? []).map(asRating);
  }

  async leaderboard(game: string, limit: number, after?: string): Promise<PlayerRating[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: OWNER_INDEX.name,
        KeyConditionExpression: `#gpk = :owner${after === undefined ? '' : ' AND #gsk > :after'}`,
        ExpressionAttributeNames: { '#gpk': OWNER_INDEX.partition, ...(after !== undefined && { '#gsk': OWNER_INDEX.sort }) },
        ExpressionAttributeValues: { ':owner': `LEADERBOARD#${game}`, ...(after !== undefined && { ':after': after }) },
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map(asRating);
  }

  async history(ratingId: string, game: string, limit: number, after?: string): Promise<RatingChange[]> {
    const prefix = `H#${game}#`;
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        // Positions are fixed-width digits: the one after `after` starts the page.
        ExpressionAttributeValues: { ':pk': ratedPk(ratingId), ':from': `${prefix}${after ?? ''}${after === undefined ? '' : '!'}`, ':to': `${prefix}~` },
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map(({ pk: _p, sk: _s, ...change }) => change as RatingChange);
  }

  private async get(pk: string, sk: string): Promise<Record<string, unknown> | undefined> {
    return (await this.doc.send(new GetCommand({ TableName: this.table, Key: { pk, sk }, ConsistentRead: true }))).Item;
  }

  /** A conditional put; false when the condition failed. */
  private async putUnless(item: Record<string, unknown>, condition: string, values?: Record<string, unknown>): Promise<boolean> {
    try {
      await this.doc.send(new PutCommand({ TableName: this.table, Item: item, ConditionExpression: condition, ExpressionAttributeValues: values }));
      return true;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw e;
    }
  }
}

function asRating(item: Record<string, unknown>): PlayerRating {
  const fair = { ...(item.opponents !== undefined && { opponents: item.opponents as string[] }), ...(item.recent !== undefined && { recent: item.recent as string[][] }), ...(item.provisional === true && { provisional: true as const }) };
  return { ratingId: item.ratingId as string, game: item.game as string, name: item.name as string, mu: item.mu as number, sigma: item.sigma as number, games: item.games as number, seq: item.seq as number, ...fair };
}
