/**
 * The WebSocket side of Parlor, shared by the ws routes and the stream consumer:
 * connections in DynamoDB, the subscription engine, the fan-out, the management API.
 */
import { limitsFromEnv, type Limits } from '../../api/limits/settings.js';
import type { Parlor } from '../env.js';
import { Connections } from './connections.js';
import { Fanout } from './fanout.js';
import { managementApi, type Gateway } from './gateway.js';
import { GameUpdates } from './updates.js';

export interface Realtime {
  parlor: Parlor;
  connections: Connections;
  updates: GameUpdates;
  fanout: Fanout;
  /** The local server's limits (api/limits/settings.ts), on connections and subscription documents. */
  limits: Limits;
  /** The management API of a WebSocket stage, https://<domain>/<stage> (a local stand-in in tests). */
  gateway(endpoint: string): Gateway;
}

export function realtime(parlor: Parlor, limits: Limits = limitsFromEnv(), gateway: (endpoint: string) => Gateway = managementApi): Realtime {
  const connections = new Connections(parlor.client, parlor.tableName);
  const updates = new GameUpdates(parlor.service, parlor.play, limits, parlor.modules);
  return { parlor, connections, updates, fanout: new Fanout(connections, updates), limits, gateway };
}
