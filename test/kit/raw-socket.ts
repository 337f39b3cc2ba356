/** A raw graphql-transport-ws socket to the test server, initialised, with every message it got (for frame-level tests). */
import WebSocket from 'ws';
import type { TestServer } from './server.js';
import { until } from './webhook-receiver.js';

export interface RawMessage {
  type: string;
  id?: string;
  payload?: any;
}

export async function initialisedSocket(server: TestServer): Promise<{ socket: WebSocket; got: RawMessage[] }> {
  const socket = new WebSocket(server.url.replace('http', 'ws') + '/graphql', 'graphql-transport-ws');
  const got: RawMessage[] = [];
  socket.on('message', (d) => got.push(JSON.parse(String(d))));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
  await until(() => got.some((m) => m.type === 'connection_ack'));
  return { socket, got };
}
