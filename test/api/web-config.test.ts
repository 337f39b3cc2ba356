/**
 * On AWS the page is served by the HTTP API while its socket is the WebSocket API's own address:
 * the server names it in the page (WEBSOCKET_URL → <meta name="parlor-websocket">) and lets the
 * page connect there (Content-Security-Policy connect-src). Each test file runs in its own process.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../kit/server.js';

process.env.WEBSOCKET_URL = 'wss://abc123.execute-api.eu-west-1.amazonaws.com/prod';
const server = useServer();

describe('the web page on AWS', () => {
  it('names the WebSocket API in the page and allows connecting to it', async () => {
    const res = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'identity' } });
    expect(await res.text()).toContain('<meta name="parlor-websocket" content="wss://abc123.execute-api.eu-west-1.amazonaws.com/prod">');
    expect(res.headers.get('content-security-policy')).toMatch(/connect-src 'self' wss:\/\/abc123\.execute-api\.eu-west-1\.amazonaws\.com(;|$)/);
  });
});
