/**
 * The accounts' settings on AWS (services/accounts/settings.ts), from CDK context:
 *
 *   -c parlor:oidcIssuer=https://cognito-idp.<region>.amazonaws.com/<pool id>   accept that issuer's tokens
 *   -c parlor:oidcAudience=<app client id>   (required with oidcIssuer)
 *   -c parlor:oidcJwksUrl=<url>              (optional)
 *   -c parlor:passkeyOrigin=https://parlor.example   -c parlor:passkeyRpId=parlor.example
 *
 * Unset ones are left out, so the functions' defaults hold (no external issuer; passkeys bound to
 * the origin each request names, which is right only behind one domain: set passkeyOrigin).
 */
import type { Node } from 'constructs';

const SETTINGS = {
  OIDC_ISSUER: 'parlor:oidcIssuer',
  OIDC_AUDIENCE: 'parlor:oidcAudience',
  OIDC_JWKS_URL: 'parlor:oidcJwksUrl',
  PASSKEY_ORIGIN: 'parlor:passkeyOrigin',
  PASSKEY_RP_ID: 'parlor:passkeyRpId',
} as const;

export function accountsEnvironment(node: Node): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, key] of Object.entries(SETTINGS)) {
    const value = String(node.tryGetContext(key) ?? '').trim();
    if (value) env[name] = value;
  }
  if (env.OIDC_ISSUER && !/^https:\/\//.test(env.OIDC_ISSUER)) throw new Error('parlor:oidcIssuer must be an https:// URL');
  // Without an audience any token the issuer made for another application would sign in.
  if (env.OIDC_ISSUER && !env.OIDC_AUDIENCE) throw new Error('parlor:oidcIssuer needs parlor:oidcAudience (the app client id its tokens carry as aud)');
  return env;
}
