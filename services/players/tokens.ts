/**
 * Player tokens: JWTs signed with Ed25519 (EdDSA) through `jose`. The key is derived from one
 * secret string (32 bytes of SHA-256 over it): generated once into DATA_DIR locally, kept in
 * Secrets Manager on AWS. A token that is expired, forged or signed by another key is refused.
 */
import { createHash, createPrivateKey, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'parlor';
const ALG = 'EdDSA';
/** PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface PlayerClaims {
  player: string;
  name: string;
  /** A bot its author runs through the public API (absent: a person). */
  bot?: true;
  /** The device the token was issued to (services/players/devices.ts); absent in tokens from before devices. */
  device?: string;
}

/** A verified token's claims, with when it was issued (epoch seconds). */
export interface VerifiedClaims extends PlayerClaims {
  issuedAt: number;
}

export interface PlayerTokensOptions {
  /** The signing secret (any string; the key is derived from it). */
  secret: string;
  /** How long a token lasts (default 90 days). */
  ttlSeconds?: number;
  /** The clock tokens are issued and checked against, epoch ms. */
  now?: () => number;
}

export class PlayerTokens {
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  readonly ttlSeconds: number;
  readonly now: () => number;

  constructor(options: PlayerTokensOptions) {
    const seed = createHash('sha256').update(options.secret).digest();
    this.privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
    this.publicKey = createPublicKey(this.privateKey);
    this.ttlSeconds = options.ttlSeconds ?? 90 * 24 * 3600;
    this.now = options.now ?? Date.now;
  }

  sign(claims: PlayerClaims): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ name: claims.name, ...(claims.bot && { bot: true }), ...(claims.device && { did: claims.device }) })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(claims.player)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.privateKey);
  }

  /** The player a token names; throws with a reason that is safe to show. */
  async verify(token: string): Promise<VerifiedClaims> {
    try {
      const { payload } = await jwtVerify(token, this.publicKey, { issuer: ISSUER, algorithms: [ALG], currentDate: new Date(this.now()), requiredClaims: ['exp', 'iat', 'sub'] }); // a token without exp would never expire
      if (typeof payload.sub !== 'string') throw new Error('no subject');
      return {
        player: payload.sub,
        name: typeof payload.name === 'string' ? payload.name : '',
        ...(payload.bot === true && { bot: true as const }),
        ...(typeof payload.did === 'string' && { device: payload.did }),
        issuedAt: payload.iat ?? 0,
      };
    } catch (e) {
      const code = (e as { code?: string }).code;
      throw new Error(code === 'ERR_JWT_EXPIRED' ? 'the player token has expired' : 'invalid player token');
    }
  }
}

/** Sliding expiry: a token used after half its life gets a fresh one (see Players.credential). */
export const pastHalfLife = (claims: VerifiedClaims, tokens: PlayerTokens) => tokens.now() / 1000 - claims.issuedAt > tokens.ttlSeconds / 2;

/** Player tokens are JWTs (base64url JSON header: "eyJ…"); seat tokens start with a game id. */
export const isPlayerToken = (token: string) => token.startsWith('eyJ');

/** The local signing secret: read from `path`, or generated there once (readable by its owner only). */
export function localSigningSecret(path: string): string {
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(dirname(path), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(path, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
