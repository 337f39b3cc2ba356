/**
 * The embedded DynamoDB's credential: dynalite checks none, so without this any process on the
 * host could Scan every unfinished game's seed or PutItem into the table. `npm start` draws a
 * random access key per start; a request whose SigV4 `Authorization` names another access key
 * (or has none) is refused before dynalite sees it, the way DynamoDB refuses an unknown key.
 * The key reaches other local commands only through the data folder (a file only its owner reads).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface LocalCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** What tests and in-memory tables use: dynalite accepts anything, nothing guards them. */
export const OPEN_CREDENTIALS: LocalCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

export const randomCredentials = (): LocalCredentials => ({ accessKeyId: `PARLOR${randomBytes(10).toString('hex').toUpperCase()}`, secretAccessKey: randomBytes(30).toString('base64url') });

/** The access key id a SigV4 `Authorization` header names (`Credential=<key>/<date>/…`), if any. */
export function accessKeyOf(authorization: string | undefined): string | null {
  return /\bCredential=([^/,\s]+)\//.exec(authorization ?? '')?.[1] ?? null;
}

/** Puts the access key check in front of the server's own request handler (dynalite's). */
export function requireAccessKey(server: Server, accessKeyId: string): void {
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (accessKeyOf(req.headers.authorization) === accessKeyId) return handlers.forEach((h) => h(req, res));
    req.resume();
    res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
    res.end(JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#UnrecognizedClientException', message: 'The security token included in the request is invalid.' }));
  });
}
