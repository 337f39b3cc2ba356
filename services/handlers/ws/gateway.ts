/**
 * API Gateway's management API for WebSocket connections: send a frame, close a socket.
 */
import { ApiGatewayManagementApiClient, DeleteConnectionCommand, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';

export interface Gateway {
  /** 'gone' when the client has left (410): the caller forgets the connection. */
  post(connectionId: string, data: string): Promise<'sent' | 'gone'>;
  /** Closes the socket; a connection that is already gone is not an error. */
  close(connectionId: string): Promise<void>;
}

const clients = new Map<string, ApiGatewayManagementApiClient>();

/** The gateway of one WebSocket API stage, https://<domain>/<stage> (one client per endpoint, kept warm). */
export function managementApi(endpoint: string): Gateway {
  let client = clients.get(endpoint);
  if (!client) clients.set(endpoint, (client = new ApiGatewayManagementApiClient({ endpoint })));
  const api = client;
  return {
    async post(connectionId, data) {
      try {
        await api.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(data) }));
        return 'sent';
      } catch (e) {
        if (e instanceof GoneException) return 'gone';
        throw e;
      }
    },
    async close(connectionId) {
      try {
        await api.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
      } catch (e) {
        if (!(e instanceof GoneException)) throw e;
      }
    },
  };
}
