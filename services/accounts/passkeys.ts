/**
 * Passkeys (WebAuthn, @simplewebauthn/server): a signed-in player registers one; any device
 * then signs in with it. Credentials are items of the table:
 *
 *   pk = "PASSKEY#<credential id>"  sk = "PASSKEY"   { player, publicKey, counter, transports, createdAt }
 *                                   gpk = "PASSKEYS#<player>" (byOwner: the player's list)
 *
 * Sign-in uses discoverable credentials (the authenticator offers the player's passkey), so no
 * player is named before the ceremony. Challenges: challenges.ts (signed, expiring, single-use).
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../store/document-client.js';
import { AppError } from '../app/errors.js';
import type { Player } from '../players/registry.js';
import { OWNER_INDEX } from '../store/schema.js';
import type { Challenges } from './challenges.js';

/**
 * The WebAuthn library, loaded at the first ceremony: its certificate parsing is a seventh of the
 * http function, and most requests never need it (the bundle puts it in a chunk of its own).
 */
const webauthn = () => import('@simplewebauthn/server');

export const MAX_PASSKEYS = 10;
const SK = 'PASSKEY';
const passkeyPk = (id: string) => `PASSKEY#${id}`;
const ownerPk = (player: string) => `PASSKEYS#${player}`;

/** The relying party a ceremony is for: the page's origin and its host name. */
export interface RelyingParty {
  id: string;
  origin: string;
}

export interface Passkey {
  id: string;
  createdAt: string;
}

export class Passkeys {
  private readonly doc: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly table: string,
    private readonly challenges: Challenges,
  ) {
    this.doc = documentClient(client);
  }

  async registrationOptions(player: Player, rp: RelyingParty, now: number): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.list(player.id);
    if (existing.length >= MAX_PASSKEYS) throw new AppError('BAD_INPUT', `at most ${MAX_PASSKEYS} passkeys per player: remove one first`);
    const { generateRegistrationOptions } = await webauthn();
    return generateRegistrationOptions({
      rpName: 'Parlor',
      rpID: rp.id,
      userName: player.name || 'Parlor player',
      userID: new TextEncoder().encode(player.id),
      challenge: await this.challenges.issue('register', now, player.id),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.id })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
  }

  async register(player: string, response: RegistrationResponseJSON, rp: RelyingParty, now: number): Promise<Passkey> {
    const { verifyRegistrationResponse } = await webauthn();
    const verified = await refusedUnless(() =>
      verifyRegistrationResponse({
        response,
        expectedChallenge: (c) => this.challenges.consume(c, 'register', now, player),
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      }),
    );
    if (!verified.verified) throw new AppError('UNAUTHENTICATED', 'the passkey was not verified');
    const { credential } = verified.registrationInfo;
    if ((await this.list(player)).length >= MAX_PASSKEYS) throw new AppError('BAD_INPUT', `at most ${MAX_PASSKEYS} passkeys per player: remove one first`);
    const createdAt = new Date(now).toISOString();
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: passkeyPk(credential.id),
          sk: SK,
          id: credential.id,
          player,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports,
          createdAt,
          [OWNER_INDEX.partition]: ownerPk(player),
          [OWNER_INDEX.sort]: `${createdAt}#${credential.id}`,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ).catch((e: { name?: string }) => {
      if (e.name === 'ConditionalCheckFailedException') throw new AppError('BAD_INPUT', 'this passkey is registered already');
      throw e;
    });
    return { id: credential.id, createdAt };
  }

  async signInOptions(rp: RelyingParty, now: number): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const { generateAuthenticationOptions } = await webauthn();
    return generateAuthenticationOptions({ rpID: rp.id, challenge: await this.challenges.issue('sign-in', now), userVerification: 'preferred' });
  }

  /** The player whose passkey answered the challenge. */
  async signIn(response: AuthenticationResponseJSON, rp: RelyingParty, now: number): Promise<string> {
    if (typeof response?.id !== 'string' || response.id.length > 1400) throw new AppError('BAD_INPUT', 'not a WebAuthn authentication response');
    const item = (await this.doc.send(new GetCommand({ TableName: this.table, Key: { pk: passkeyPk(response.id), sk: SK }, ConsistentRead: true }))).Item;
    if (!item) throw new AppError('UNAUTHENTICATED', 'this passkey is not registered here');
    const { verifyAuthenticationResponse } = await webauthn();
    const verified = await refusedUnless(() =>
      verifyAuthenticationResponse({
        response,
        expectedChallenge: (c) => this.challenges.consume(c, 'sign-in', now),
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: { id: item.id as string, publicKey: new Uint8Array(Buffer.from(item.publicKey as string, 'base64url')), counter: item.counter as number, transports: item.transports as never },
        requireUserVerification: false,
      }),
    );
    if (!verified.verified) throw new AppError('UNAUTHENTICATED', 'the passkey was not verified');
    await this.doc.send(
      new UpdateCommand({ TableName: this.table, Key: { pk: passkeyPk(response.id), sk: SK }, UpdateExpression: 'SET #c = :c', ExpressionAttributeNames: { '#c': 'counter' }, ExpressionAttributeValues: { ':c': verified.authenticationInfo.newCounter } }),
    );
    return item.player as string;
  }

  async list(player: string): Promise<Passkey[]> {
    const out = await this.doc.send(
      new QueryCommand({ TableName: this.table, IndexName: OWNER_INDEX.name, KeyConditionExpression: '#p = :p', ExpressionAttributeNames: { '#p': OWNER_INDEX.partition }, ExpressionAttributeValues: { ':p': ownerPk(player) }, Limit: MAX_PASSKEYS * 2 }),
    );
    return (out.Items ?? []).map((i) => ({ id: i.id as string, createdAt: i.createdAt as string }));
  }

  /** Removes one of the player's passkeys; true when it was theirs. */
  async remove(player: string, id: string): Promise<boolean> {
    if (id.length > 1400) return false;
    const out = await this.doc
      .send(new DeleteCommand({ TableName: this.table, Key: { pk: passkeyPk(id), sk: SK }, ConditionExpression: 'player = :p', ExpressionAttributeValues: { ':p': player }, ReturnValues: 'ALL_OLD' }))
      .catch((e: { name?: string }) => {
        if (e.name === 'ConditionalCheckFailedException') return { Attributes: undefined };
        throw e;
      });
    return out.Attributes !== undefined;
  }
}

/** The library's refusals (wrong origin, challenge, signature …) as UNAUTHENTICATED with its reason. */
async function refusedUnless<T>(verify: () => Promise<T>): Promise<T> {
  try {
    return await verify();
  } catch (e) {
    throw new AppError('UNAUTHENTICATED', `the passkey was not verified: ${String((e as Error).message).slice(0, 200)}`);
  }
}
