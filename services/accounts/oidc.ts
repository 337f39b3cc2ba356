/**
 * An external identity provider (Cognito or any OIDC issuer): when the setting names an issuer,
 * its tokens are accepted as bearer tokens beside Parlor's own. Each is verified with `jose`
 * against the issuer's JWKS (fetched and cached by createRemoteJWKSet), its audience always checked
 * (an issuer signs tokens for many applications: without it, a token made for any of them, or
 * for none, would sign its holder in here), and its `sub` mapped to a Parlor player, created at the first sight:
 *
 *   pk = "IDENTITY#<issuer>#<sub>"  sk = "PLAYER"  { player }
 *
 * The provider keeps such a session alive (its own refresh tokens); Parlor issues nothing for it.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../store/document-client.js';
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import { LruCache } from '../app/lru.js';
import { plainName } from '../engine/core/names.js';
import type { ExternalIdentities } from '../players/index.js';
import type { PlayerRegistry } from '../players/registry.js';

export interface OidcSettings {
  /** The `iss` its tokens carry, e.g. https://cognito-idp.<region>.amazonaws.com/<pool id>. */
  issuer: string;
  /** The `aud` they must carry (the app client id); required (settings.ts defaults it to PUBLIC_URL). */
  audience: string;
  /** Where its keys are (default: <issuer>/.well-known/jwks.json, as Cognito publishes them). */
  jwksUrl?: string;
}

/** Asymmetric algorithms only: a symmetric one would let the JWKS's public material sign tokens. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const MAX_CLAIM = 255;
export const MISSING_AUDIENCE =
  'OIDC_ISSUER is set but no audience is: set OIDC_AUDIENCE to the app client id its tokens carry as `aud` (or PUBLIC_URL, when the issuer uses it as the audience); without one, tokens the issuer made for any other application would sign in here';

export class OidcIdentities implements ExternalIdentities {
  private readonly doc: DynamoDBDocumentClient;
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;
  /** sub → player, so a known identity costs no read. */
  private readonly known = new LruCache<string, string>(10_000);

  constructor(
    private readonly settings: OidcSettings,
    client: DynamoDBClient,
    private readonly table: string,
    private readonly registry: PlayerRegistry,
    private readonly now: () => number,
  ) {
    // Settings built in code (not from the environment) get the same refusal as settings.ts's.
    if (!settings.audience) throw new Error(MISSING_AUDIENCE);
    this.doc = documentClient(client);
    this.keys = createRemoteJWKSet(new URL(settings.jwksUrl ?? `${settings.issuer.replace(/\/$/, '')}/.well-known/jwks.json`));
  }

  accepts(token: string): boolean {
    try {
      return decodeJwt(token).iss === this.settings.issuer;
    } catch {
      return false;
    }
  }

  async player(token: string): Promise<string> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.keys, { issuer: this.settings.issuer, audience: this.settings.audience, algorithms: ALGORITHMS, currentDate: new Date(this.now()) }));
    } catch (e) {
      const code = (e as { code?: string }).code;
      throw new Error(code === 'ERR_JWT_EXPIRED' ? "the identity provider's token has expired" : "invalid identity provider's token");
    }
    const sub = payload.sub;
    if (typeof sub !== 'string' || sub.length === 0 || sub.length > MAX_CLAIM) throw new Error("the identity provider's token names no subject");
    return this.known.get(sub) ?? this.mapped(sub, nameOf(payload));
  }

  /** The player of `sub`: the one recorded, or a new one recorded now (of two racing first sights, the first write wins). */
  private async mapped(sub: string, name: string): Promise<string> {
    const key = { pk: `IDENTITY#${this.settings.issuer}#${sub}`, sk: 'PLAYER' };
    const read = async () => (await this.doc.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }))).Item?.player as string | undefined;
    let player = await read();
    if (player === undefined) {
      const fresh = await this.registry.register(name);
      try {
        await this.doc.send(new PutCommand({ TableName: this.table, Item: { ...key, player: fresh.id }, ConditionExpression: 'attribute_not_exists(pk)' }));
        player = fresh.id;
      } catch (e) {
        if ((e as { name?: string }).name !== 'ConditionalCheckFailedException') throw e;
        player = (await read())!;
      }
    }
    this.known.set(sub, player);
    return player;
  }
}

/** A display name from the usual claims (never the e-mail address: others see names). */
function nameOf(payload: JWTPayload): string {
  for (const claim of ['name', 'preferred_username', 'nickname', 'cognito:username']) {
    const value = payload[claim];
    // A claim with line breaks or controls is made plain (refusing it would refuse the sign-in).
    const name = typeof value === 'string' ? plainName(value).slice(0, 40).trim() : '';
    if (name) return name;
  }
  return 'Player';
}
