/**
 * The two stacks the template tests read (stack, lab and accounts tests), each built and synthesized
 * once per worker: the files of a worker share its modules (vitest.config.ts, isolate: false), and a
 * synth costs ~0.4-1 s of CPU. Built on first use, so a file or filtered run that reads neither pays
 * nothing. Tests only read them.
 */
import { Template } from 'aws-cdk-lib/assertions';
import type { App } from 'aws-cdk-lib';
import { parlorApp, type ParlorStack } from '../../infra/parlor-stack.js';
import { testApp } from './app.js';

export interface Synthesized {
  app: App;
  stack: ParlorStack;
  template: Template;
}

const synthesize = (id: string, context: Record<string, unknown>, buildMachine?: { node: string; arch: string }): Synthesized => {
  const { app, stack } = parlorApp(testApp({ context: { 'aws:cdk:bundling-stacks': [], ...context } }), id, buildMachine && { buildMachine });
  return { app, stack, template: Template.fromStack(stack) };
};

let plain: Synthesized | undefined;
/** The stack as `cdk synth` makes it with no context (bundling skipped: bundle.test.ts builds the real bundles). */
export const plainStack = (): Synthesized => (plain ??= synthesize('Parlor', {}));

export const CODE_CACHE_ARN = 'arn:aws:lambda:eu-west-1::runtime:0123456789abcdef';
export const CORS_ORIGINS = 'https://a.example, https://b.example';
export const OIDC = { 'parlor:oidcIssuer': 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_abc', 'parlor:oidcAudience': 'client-1', 'parlor:passkeyOrigin': 'https://parlor.example', 'parlor:passkeyRpId': 'parlor.example' };

let varied: Synthesized | undefined;
/**
 * Every setting that changes the template away from the plain one, on one stack: no reserved concurrency, the code
 * cache (as if synthesized on its runtime's Node, arm64), CORS origins, mail, an external identity provider and
 * passkeys. Each test reads only what its own setting changes (and the plain stack for what it leaves as is).
 */
export const variedStack = (): Synthesized =>
  (varied ??= synthesize(
    'Varied',
    {
      'parlor:reservedConcurrency': 'false',
      'parlor:codeCache': { node: 'v24.11.1', runtimeVersionArn: CODE_CACHE_ARN },
      'parlor:corsOrigins': CORS_ORIGINS,
      'parlor:mailFrom': 'Parlor <parlor@mail.example.org>',
      'parlor:publicUrl': 'https://parlor.example.org',
      ...OIDC,
    },
    { node: 'v24.11.1', arch: 'arm64' },
  ));
