/**
 * The CDK app (`npx cdk synth`, `npx cdk deploy`; cdk.json runs this file with tsx).
 * Synthesizes offline, without AWS credentials: the stack is environment-agnostic.
 *
 *   npx cdk deploy --parameters StageName=prod --parameters TableName=parlor
 */
import { parlorApp } from './parlor-stack.js';

parlorApp().app.synth();
