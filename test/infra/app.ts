/**
 * The CDK App the tests synthesize: as `cdk synth` makes it, but without aws-cdk-lib's built-in
 * CloudFormation validation (on by default). Here that validation can only warn: aws-cdk-lib turns its
 * errors into warnings unless the app sets @aws-cdk/core:validateAgainstDefaultRules (cdk.json does
 * not), and no test reads its report (empty today). Its first synth in a process cost ~7 s of CPU
 * (the rules' WebAssembly made ready), paid by every worker that synthesizes a stack. cdk-nag, which
 * does fail a synth, runs as before (parlorApp adds it).
 */
import { App, type AppProps } from 'aws-cdk-lib';

export const testApp = (props: AppProps = {}): App => new App({ builtinCloudFormationValidation: false, ...props });
