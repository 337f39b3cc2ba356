/**
 * The accounts' settings, with the environment variables `npm start` and the Lambda read:
 *
 *   OIDC_ISSUER     accept this OIDC issuer's tokens (Cognito or any); unset = Parlor's own only
 *   OIDC_AUDIENCE   the `aud` they must carry (the app client id); default PUBLIC_URL when set;
 *                   with OIDC_ISSUER set and neither, the server refuses to start
 *   OIDC_JWKS_URL   its keys (default <issuer>/.well-known/jwks.json)
 *   PASSKEY_ORIGIN  the page's origin passkeys are bound to, e.g. https://parlor.example
 *                   (default: the origin each request names, fine on one machine)
 *   PASSKEY_RP_ID   the relying party id (default: PASSKEY_ORIGIN's host name)
 */
import { MISSING_AUDIENCE, type OidcSettings } from './oidc.js';

export interface AccountSettings {
  oidc?: OidcSettings;
  passkeyOrigin?: string;
  passkeyRpId?: string;
  /** How long a device link code is valid (default 10 minutes). */
  deviceLinkTtlMs?: number;
}

export function accountSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): AccountSettings {
  const set = (name: string) => (env[name] ? env[name] : undefined);
  const issuer = set('OIDC_ISSUER');
  const audience = set('OIDC_AUDIENCE') ?? set('PUBLIC_URL');
  if (issuer && !audience) throw new Error(MISSING_AUDIENCE);
  return {
    ...(issuer && { oidc: { issuer, audience: audience!, jwksUrl: set('OIDC_JWKS_URL') } }),
    passkeyOrigin: set('PASSKEY_ORIGIN'),
    passkeyRpId: set('PASSKEY_RP_ID'),
  };
}
