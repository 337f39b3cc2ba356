/**
 * Each player's vacation days, in the game table: `pk = "PLAYER#<id>"`, `sk = "VACATION"`, holding
 * the calendar year (UTC) they count in, the days used in it, and the vacation under way if any
 * (`since`, `until`: when its days run out). Writes are conditional on the revision read, so two
 * devices starting or ending a vacation at once cannot both count.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TableStore } from '../store/document-client.js';
import { playerPk } from '../players/registry.js';

export interface VacationRecord {
  year: number;
  usedDays: number;
  /** While on vacation: ISO times it started and its days run out. */
  since: string | null;
  until: string | null;
  rev: number;
}

export class VacationBook extends TableStore {
  async get(player: string): Promise<VacationRecord> {
    const item = (await this.doc.send(new GetCommand({ TableName: this.table, Key: { pk: playerPk(player), sk: 'VACATION' }, ConsistentRead: true }))).Item;
    return item ? { year: item.year as number, usedDays: item.usedDays as number, since: (item.since as string | null) ?? null, until: (item.until as string | null) ?? null, rev: item.rev as number } : { year: 0, usedDays: 0, since: null, until: null, rev: 0 };
  }

  /** Writes `next` if the record is still at `next.rev - 1`; false when another write came first. */
  async put(player: string, next: VacationRecord): Promise<boolean> {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: { pk: playerPk(player), sk: 'VACATION', ...next },
          ConditionExpression: 'attribute_not_exists(pk) OR rev = :rev',
          ExpressionAttributeValues: { ':rev': next.rev - 1 },
        }),
      );
      return true;
    } catch (e) {
      if ((e as Error).name === 'ConditionalCheckFailedException') return false;
      throw e;
    }
  }
}
