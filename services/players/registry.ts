/**
 * Registered players in the game table: `pk = "PLAYER#<id>"`, `sk = "PROFILE"`.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TableStore } from '../store/document-client.js';
import { AppError } from '../app/errors.js';
import { isPlainName, NAME_NOT_PLAIN } from '../engine/core/names.js';

export const playerPk = (id: string) => `PLAYER#${id}`;

/** A person, or a bot its author runs through the public API like any player. */
export type PlayerKind = 'HUMAN' | 'BOT';

export interface Player {
  id: string;
  name: string;
  kind: PlayerKind;
  /** When the account was registered (ISO 8601). */
  createdAt?: string;
}

export class PlayerRegistry extends TableStore {
  async register(name: string, kind: PlayerKind = 'HUMAN'): Promise<Player> {
    const trimmed = name.trim();
    if (trimmed.length < 1 || trimmed.length > 40) throw new AppError('BAD_INPUT', 'a name has 1 to 40 characters');
    if (!isPlainName(trimmed)) throw new AppError('BAD_INPUT', NAME_NOT_PLAIN);
    const player: Player = { id: randomUUID(), name: trimmed, kind };
    await this.doc.send(
      new PutCommand({ TableName: this.table, Item: { pk: playerPk(player.id), sk: 'PROFILE', name: player.name, kind, createdAt: new Date().toISOString() }, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    return player;
  }

  async get(id: string): Promise<Player | null> {
    const item = (await this.doc.send(new GetCommand({ TableName: this.table, Key: { pk: playerPk(id), sk: 'PROFILE' } }))).Item;
    return item ? { id, name: item.name as string, kind: (item.kind as PlayerKind | undefined) ?? 'HUMAN', ...(typeof item.createdAt === 'string' && { createdAt: item.createdAt }) } : null;
  }
}
