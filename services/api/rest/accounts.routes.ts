/**
 * The REST mirror of the accounts surface (graphql/accounts.schema.ts), and the passkey
 * ceremonies, which are REST only: @simplewebauthn's JSON goes as it is, both ways.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { playerOf } from '../../players/index.js';
import type { PlayApi } from '../../play-by-turn.js';
import { deviceOf } from '../graphql/accounts.resolvers.js';
import { errorShape } from './shapes.js';

const anyObject = { type: 'object', additionalProperties: true } as const;
const refusals = { 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape, 429: errorShape };
const auth = [{ seatToken: [] }];
const byId = { type: 'object', properties: { id: { type: 'string', maxLength: 1400 } }, required: ['id'] } as const;
const ceremony = (what: string) => ({
  type: 'object',
  required: ['response'],
  additionalProperties: false,
  properties: { response: { type: 'object', additionalProperties: true, description: `The browser's ${what} (@simplewebauthn/browser's result, unchanged)` } },
});
const playerAuth = { type: 'object', properties: { player: anyObject, token: { type: 'string' } }, required: ['player', 'token'] } as const;
const device = {
  type: 'object',
  properties: { id: { type: 'string' }, label: { type: 'string' }, via: { type: 'string', enum: ['REGISTER', 'PASSKEY', 'DEVICE_LINK', 'RENEWED'] }, createdAt: { type: 'string' }, lastSeenAt: { type: 'string' }, current: { type: 'boolean' } },
} as const;

export async function accountsRoutes(app: FastifyInstance, opts: { play: PlayApi }) {
  const { accounts } = opts.play;
  const rp = (req: FastifyRequest) => accounts.relyingParty(req.headers.origin);
  const userAgent = (req: FastifyRequest) => req.headers['user-agent'];

  app.post(
    '/device-links',
    { schema: { summary: 'A one-time code (valid minutes) that signs another device in as the calling player (createDeviceLink)', tags: ['accounts'], security: auth, response: { 201: { type: 'object', properties: { code: { type: 'string' }, expiresAt: { type: 'string' } } }, ...refusals } } },
    async (req, reply) => reply.status(201).send(await accounts.createDeviceLink(req.credential)),
  );

  app.post<{ Body: { code: string } }>(
    '/device-links/redeem',
    {
      schema: {
        summary: 'Sign this device in with a device link code, once (redeemDeviceLink); a wrong, used or expired code: 404 NOT_FOUND; tries are rate-limited',
        tags: ['accounts'],
        body: { type: 'object', required: ['code'], additionalProperties: false, properties: { code: { type: 'string', maxLength: 40 } } },
        response: { 201: playerAuth, ...refusals },
      },
    },
    async (req, reply) => reply.status(201).send(await accounts.redeemDeviceLink(req.body.code, userAgent(req))),
  );

  app.get('/me/devices', { schema: { summary: 'The devices signed in as me, most recently used first (Player.devices)', tags: ['accounts'], security: auth, response: { 200: { type: 'array', items: device }, ...refusals } } }, async (req) => {
    const current = deviceOf(req.credential);
    return (await accounts.devices(playerOf(req.credential))).map((d) => ({ ...d, current: d.id === current }));
  });

  app.delete<{ Params: { id: string } }>(
    '/me/devices/:id',
    { schema: { summary: 'Sign one of my devices out: its tokens are refused from the next request on (revokeDevice)', tags: ['accounts'], security: auth, params: byId, response: { 200: anyObject, ...refusals } } },
    async (req) => ({ revoked: await accounts.revokeDevice(req.credential, req.params.id) }),
  );

  app.post('/me/sign-out', { schema: { summary: 'Sign out the device this token belongs to (signOut)', tags: ['accounts'], security: auth, response: { 200: anyObject, ...refusals } } }, async (req) => ({
    signedOut: await accounts.signOut(req.credential),
  }));

  app.post(
    '/passkeys/registration/options',
    { schema: { summary: 'Passkey registration, step 1: options for navigator.credentials.create (startRegistration) for the calling player', tags: ['passkeys'], security: auth, response: { 200: anyObject, ...refusals } } },
    async (req) => accounts.passkeyRegistrationOptions(req.credential, rp(req)),
  );

  app.post<{ Body: { response: RegistrationResponseJSON } }>(
    '/passkeys/registration',
    { schema: { summary: "Passkey registration, step 2: the browser's answer; the passkey then signs this player in anywhere", tags: ['passkeys'], security: auth, body: ceremony('registration response'), response: { 201: anyObject, ...refusals } } },
    async (req, reply) => reply.status(201).send(await accounts.registerPasskey(req.credential, req.body.response, rp(req))),
  );

  app.post(
    '/passkeys/authentication/options',
    { schema: { summary: 'Passkey sign-in, step 1: options for navigator.credentials.get (startAuthentication); the challenge is single-use and expires in 5 minutes', tags: ['passkeys'], response: { 200: anyObject, ...refusals } } },
    async (req) => accounts.passkeySignInOptions(rp(req)),
  );

  app.post<{ Body: { response: AuthenticationResponseJSON } }>(
    '/passkeys/authentication',
    { schema: { summary: "Passkey sign-in, step 2: the browser's answer; signs this device in (a new device) as the passkey's player", tags: ['passkeys'], body: ceremony('authentication response'), response: { 201: playerAuth, ...refusals } } },
    async (req, reply) => reply.status(201).send(await accounts.signInWithPasskey(req.body.response, rp(req), userAgent(req))),
  );

  app.get('/passkeys', { schema: { summary: 'My passkeys', tags: ['passkeys'], security: auth, response: { 200: { type: 'array', items: anyObject }, ...refusals } } }, async (req) => accounts.passkeys.list(playerOf(req.credential)));

  app.delete<{ Params: { id: string } }>(
    '/passkeys/:id',
    { schema: { summary: 'Remove one of my passkeys', tags: ['passkeys'], security: auth, params: byId, response: { 200: anyObject, ...refusals } } },
    async (req) => ({ removed: await accounts.passkeys.remove(playerOf(req.credential), req.params.id) }),
  );
}
