/**
 * Requests sent from another loopback address (127.0.0.x). Every test client otherwise shares
 * 127.0.0.1, and the per-address limits, seat marks and tournament entry marks tell clients apart
 * by address.
 */
import { request } from 'node:http';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/** POSTs `body` as JSON to `path` of the server at `baseUrl`, from `address`. */
export function postFrom(baseUrl: string, address: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(`${baseUrl}${path}`);
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress: address, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers } },
      (res) => {
        let answer = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (answer += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(answer) }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** A GraphQL request from `address`, with a player's token and the page's device id when given; the JSON answer. */
export async function gqlFrom(baseUrl: string, address: string, query: string, variables: Record<string, unknown> = {}, token?: string, device?: string): Promise<any> {
  const headers = { ...(token && { authorization: `Bearer ${token}` }), ...(device && { 'parlor-device': device }) };
  return (await postFrom(baseUrl, address, '/graphql', { query, variables }, headers)).body;
}

/** GETs `path` of the server at `baseUrl` from `address`: the status and the body as text. */
export function getFrom(baseUrl: string, address: string, path: string): Promise<{ status: number; text: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET', localAddress: address }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
    req.end();
  });
}
