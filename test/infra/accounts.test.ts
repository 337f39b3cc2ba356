/**
 * The accounts' settings in the CDK app (infra/accounts.ts): an external identity provider and
 * the passkeys' origin reach the functions that verify tokens, and only when set.
 */
import { describe, expect, it } from 'vitest';
import { parlorApp } from '../../infra/parlor-stack.js';
import { testApp } from './app.js';
import { plainStack, variedStack, type Synthesized } from './stacks.js';

const env = ({ stack: s, template }: Synthesized, fn: 'graphql' | 'rest' | 'ws' | 'stream') => template.toJSON().Resources[s.getLogicalId(s.functions[fn].node.defaultChild as never)].Properties.Environment.Variables as Record<string, string>;
const stackWith = (context: Record<string, string>, name: string) => parlorApp(testApp({ context: { 'aws:cdk:bundling-stacks': [], ...context } }), name).stack;

describe('accounts on AWS', () => {
  it('sets no external issuer and no passkey origin by default', () => {
    const stack = plainStack();
    for (const fn of ['graphql', 'rest', 'ws'] as const) expect(Object.keys(env(stack, fn)).filter((k) => k.startsWith('OIDC_') || k.startsWith('PASSKEY_'))).toEqual([]);
  });

  it('-c parlor:oidcIssuer (and audience, JWKS URL, passkey origin) reach the graphql, rest and ws functions, which verify tokens', () => {
    const stack = variedStack(); // these four among its settings (test/infra/stacks.ts)
    for (const fn of ['graphql', 'rest', 'ws'] as const) {
      expect(env(stack, fn)).toMatchObject({ OIDC_ISSUER: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_abc', OIDC_AUDIENCE: 'client-1', PASSKEY_ORIGIN: 'https://parlor.example', PASSKEY_RP_ID: 'parlor.example' });
    }
    expect(env(stack, 'stream').OIDC_ISSUER).toBeUndefined();
  });

  it('refuses an issuer that is not an https URL', () => {
    expect(() => stackWith({ 'parlor:oidcIssuer': 'http://idp.example' }, 'Insecure')).toThrow(/https/);
  });

  it('refuses an issuer without an audience (any of its applications\' tokens would sign in)', () => {
    expect(() => stackWith({ 'parlor:oidcIssuer': 'https://idp.example' }, 'NoAudience')).toThrow(/parlor:oidcAudience/);
  });
});
