/**
 * The server's VAPID key pair (RFC 8292), derived from one secret: generated once into
 * `DATA_DIR/vapid.key` locally, a Secrets Manager secret on AWS (`VAPID_SECRET_ARN`). Deriving
 * it means the secret can be any random string (Secrets Manager generates one) and the key never
 * changes while the secret does not: subscriptions are bound to the public key.
 */
import { createECDH, hkdfSync } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';

export interface VapidKeys {
  /** The uncompressed P-256 point, base64url: what the page passes as applicationServerKey. */
  publicKey: string;
  /** The private scalar, base64url. */
  privateKey: string;
  /** Who runs this server, for push services to reach (a mailto: or https: URL). */
  subject: string;
}

export const DEFAULT_VAPID_SUBJECT = 'mailto:notifications@parlor.invalid';

export function vapidKeysFrom(secret: string, subject = DEFAULT_VAPID_SUBJECT): VapidKeys {
  // A 32-byte string is a valid P-256 scalar unless it is 0 or ≥ the group order (odds ~2^-32): try the next one.
  for (let i = 0; ; i++) {
    const scalar = Buffer.from(hkdfSync('sha256', secret, 'parlor', `vapid-p256:${i}`, 32));
    const ecdh = createECDH('prime256v1');
    try {
      ecdh.setPrivateKey(scalar);
    } catch {
      continue;
    }
    return { publicKey: ecdh.getPublicKey('base64url'), privateKey: scalar.toString('base64url'), subject };
  }
}

/**
 * The request's VAPID Authorization header (RFC 8292 §2–3): an ES256 JWT for the push service's
 * origin, signed here with jose (web-push encrypts; the bundles leave out its own signer, see
 * infra/bundle.ts). `now` is the wall clock: the push service checks `exp` against its own.
 */
export async function vapidAuthorization(keys: VapidKeys, endpoint: string, now: number): Promise<string> {
  const point = Buffer.from(keys.publicKey, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url'), d: keys.privateKey };
  const jwt = await new SignJWT({ sub: keys.subject })
    .setProtectedHeader({ typ: 'JWT', alg: 'ES256' })
    .setAudience(new URL(endpoint).origin)
    .setExpirationTime(Math.floor(now / 1000) + VAPID_HOURS * 3600)
    .sign(await importJWK(jwk, 'ES256'));
  return `vapid t=${jwt}, k=${keys.publicKey}`;
}

/** How long a VAPID token is good for (RFC 8292 allows at most 24 hours). */
const VAPID_HOURS = 12;
