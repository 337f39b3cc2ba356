/**
 * The synthesized CloudFormation template (bundling skipped: see bundle.test.ts for the
 * real bundles): every resource, its key settings and permissions, and cdk-nag's AWS
 * Solutions rules with nothing left unacknowledged.
 */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { codeCacheSettings, CREATE_THROTTLE, lambdaNodeArgs, type ParlorStack } from '../../infra/parlor-stack.js';
import { CODE_CACHE_ARN, CORS_ORIGINS, plainStack, variedStack } from './stacks.js';
import { ACCOUNT_CONCURRENCY_NEEDED, DEFAULT_ACCOUNT_CONCURRENCY, HTTP_STAGE_THROTTLE, httpStageThrottle, MAX_PARALLELIZATION, MEASURED, RESERVED, reservedConcurrency, STREAM, streamSettings, TARGET } from '../../infra/capacity.js';
import { TABLE_ACTIONS } from '../../services/handlers/permissions.js';
import { MODULES } from '../../services/modules/index.js';
import { tableActionsOf } from '../../services/modules/module.js';
import { FEED_INDEX, localTableDefinition, OWNER_INDEX, tableDefinition, TTL_ATTRIBUTE } from '../../services/store/schema.js';

const { app, stack, template } = plainStack();
const t = template.toJSON();
const ref = (logicalId: string) => ({ Ref: logicalId });
const id = (scope: ParlorStack, path: string) => stack.getLogicalId(scope.node.findChild(path).node.defaultChild as any);
type Fn = 'graphql' | 'rest' | 'web' | 'ws' | 'stream' | 'timer';
const FUNCTIONS = ['graphql', 'rest', 'web', 'ws', 'stream', 'timer'] as const;
/** The functions serving the API (GraphQL, REST): the same app, the same grants (services/modules/module.ts FunctionName 'http'). */
const API = ['graphql', 'rest'] as const;
const isApi = (fn: Fn) => (API as readonly Fn[]).includes(fn);
/** The grants' name of a function: the API's functions share 'http'; web has none. */
const grantsOf = (fn: Fn) => (isApi(fn) ? 'http' : fn);
const fnId = (name: Fn) => stack.getLogicalId(stack.functions[name].node.defaultChild as any);
const tableId = stack.getLogicalId(stack.table.node.defaultChild as any);
const ofType = (type: string) => Object.entries(t.Resources as Record<string, any>).filter(([, r]) => r.Type === type);

describe('parameters and outputs', () => {
  it('takes the stage and table names as parameters', () => {
    template.hasParameter('StageName', { Type: 'String', Default: 'prod' });
    template.hasParameter('TableName', { Type: 'String', Default: 'parlor' });
  });
  it('outputs both API URLs, the table name, the analytics bucket and the Athena workgroup', () => {
    expect(Object.keys(t.Outputs).sort()).toEqual(['AnalyticsBucketName', 'AthenaWorkGroup', 'GameTableName', 'HttpApiUrl', 'LabStateMachineArn', 'WebSocketUrl']); // + the SES DKIM records with parlor:mailFrom
  });
});

describe('the game table', () => {
  it('is the store’s own definition: keys, attribute types, billing, indexes', () => {
    const def = tableDefinition('x');
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    const props = template.findResources('AWS::DynamoDB::Table')[tableId]!.Properties;
    expect(props.KeySchema).toEqual(def.KeySchema);
    expect(props.AttributeDefinitions).toEqual(def.AttributeDefinitions);
    expect(props.BillingMode).toBe(def.BillingMode);
    expect(props.GlobalSecondaryIndexes?.map((i: any) => i.IndexName)).toEqual(def.GlobalSecondaryIndexes?.map((i) => i.IndexName));
  });
  it('has no index under one key for every commit: the local change feed (byPosition, fpk = FEED) stays on one machine', () => {
    expect(localTableDefinition('x').GlobalSecondaryIndexes?.map((i) => i.IndexName)).toContain(FEED_INDEX.name); // what is left out exists locally
    const props = template.findResources('AWS::DynamoDB::Table')[tableId]!.Properties;
    expect(props.GlobalSecondaryIndexes.map((i: any) => i.IndexName)).toEqual([OWNER_INDEX.name]);
    const keys = [...props.KeySchema, ...props.GlobalSecondaryIndexes.flatMap((i: any) => i.KeySchema)].map((k: any) => k.AttributeName);
    expect(keys).not.toContain(FEED_INDEX.partition);
    expect(props.AttributeDefinitions.map((a: any) => a.AttributeName)).not.toContain(FEED_INDEX.partition);
  });
  it('streams new images, keeps point-in-time recovery, expires items by TTL, survives stack deletion', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: {
        TableName: ref('TableName'),
        StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
        DeletionProtectionEnabled: true,
      },
    });
  });
});

describe('the functions', () => {
  it('six for the API (and the analytics export), on the latest Lambda Node (the code targets Node 20), arm64, traced, in production mode, each logging to its own group kept a month', () => {
    template.resourceCountIs('AWS::Lambda::Function', 8); // + the lab's shard function (describe 'the lab on AWS')
    const web = template.findResources('AWS::Lambda::Function')[fnId('web')]!.Properties;
    expect(Object.keys(web.Environment.Variables)).toContain('WEBSOCKET_URL'); // the web page's socket
    for (const name of FUNCTIONS) {
      const fn = template.findResources('AWS::Lambda::Function')[fnId(name)]!.Properties;
      expect(fn).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Handler: 'index.handler', TracingConfig: { Mode: 'Active' } });
      expect([fn.MemorySize, fn.Timeout]).toEqual({ graphql: [1769, 15], rest: [1769, 15], web: [1024, 10], ws: [1024, 10], stream: [1769, 300], timer: [1769, 60] }[name]);
      expect(fn.Environment.Variables).toMatchObject({ TABLE_NAME: ref(tableId), STAGE: ref('StageName'), POWERTOOLS_SERVICE_NAME: 'parlor', POWERTOOLS_METRICS_NAMESPACE: 'Parlor', NODE_ENV: 'production' });
      const group = fn.LoggingConfig.LogGroup.Ref;
      expect(t.Resources[group]).toMatchObject({ Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 30 } });
    }
  });
  it('reserve the concurrency the capacity model gives them at the target load (none with -c parlor:reservedConcurrency=false)', () => {
    expect(RESERVED).toEqual(reservedConcurrency(MEASURED, TARGET.movesPerSecond));
    for (const name of FUNCTIONS) {
      const fn = template.findResources('AWS::Lambda::Function')[fnId(name)]!.Properties;
      expect(fn.ReservedConcurrentExecutions, name).toBe(RESERVED[name]);
      expect(RESERVED[name], name).toBeGreaterThanOrEqual(2);
    }
    // Deployable on an account with Lambda's default quota (AWS keeps 100 unreserved).
    expect(ACCOUNT_CONCURRENCY_NEEDED).toBe(Object.values(RESERVED).reduce((a, b) => a + b, 0) + 100);
    expect(ACCOUNT_CONCURRENCY_NEEDED).toBeLessThanOrEqual(DEFAULT_ACCOUNT_CONCURRENCY);
    const fns = variedStack().template.findResources('AWS::Lambda::Function'); // parlor:reservedConcurrency=false
    expect(Object.values(fns).filter((f: any) => f.Properties.ReservedConcurrentExecutions !== undefined)).toEqual([]);
  });
  it('graphql and rest ship their V8 code caches only with parlor:codeCache, built on that runtime version\'s Node (arm64) with Lambda\'s flags, and are then pinned to that version', () => {
    // By default no cache (one built elsewhere would be refused) and every runtime updates automatically.
    expect(stack.codeCache).toBeUndefined();
    for (const name of FUNCTIONS) expect(template.findResources('AWS::Lambda::Function')[fnId(name)]!.Properties.RuntimeManagementConfig, name).toBeUndefined();
    const arn = CODE_CACHE_ARN;
    const pinned = variedStack().stack; // parlor:codeCache, built on v24.11.1 arm64
    const fns = variedStack().template.findResources('AWS::Lambda::Function');
    const cachedIds = (['graphql', 'rest'] as const).map((n) => pinned.getLogicalId(pinned.functions[n].node.defaultChild as any));
    for (const id of cachedIds) expect(fns[id]!.Properties.RuntimeManagementConfig).toEqual({ UpdateRuntimeOn: 'Manual', RuntimeVersionArn: arn });
    expect(Object.entries(fns).filter(([k, f]: [string, any]) => !cachedIds.includes(k) && f.Properties.RuntimeManagementConfig)).toEqual([]);
    expect(pinned.codeCache).toEqual({ runtimeVersionArn: arn, nodeArgs: lambdaNodeArgs(1769) });
    expect(lambdaNodeArgs(1769)).toEqual(['--expose-gc', '--max-semi-space-size=88', '--max-old-space-size=1593']);
    // Built anywhere else, it would be refused on AWS: synth fails instead.
    const value = { node: 'v24.11.1', runtimeVersionArn: arn };
    expect(() => codeCacheSettings(value, 1769, { node: 'v24.11.1', arch: 'x64' })).toThrow(/linux arm64/);
    expect(() => codeCacheSettings(value, 1769, { node: 'v24.11.0', arch: 'arm64' })).toThrow(/v24\.11\.1/);
    expect(() => codeCacheSettings({ ...value, node: 'v22.11.0' }, 1769, { node: 'v22.11.0', arch: 'arm64' })).toThrow(/nodejs24\.x/);
    expect(() => codeCacheSettings({ node: 'v24.11.1' }, 1769, { node: 'v24.11.1', arch: 'arm64' })).toThrow(/runtimeVersionArn/);
  });
  it('the stream function knows the WebSocket management endpoint', () => {
    const env = template.findResources('AWS::Lambda::Function')[fnId('stream')]!.Properties.Environment.Variables;
    expect(JSON.stringify(env.WS_ENDPOINT)).toContain(id(stack, 'WebSocketApi'));
    expect(JSON.stringify(env.WS_ENDPOINT)).toContain('StageName');
  });
});

describe('permissions (least privilege)', () => {
  const statements = (name: Fn) => {
    const roleId = stack.getLogicalId(stack.functions[name].role!.node.defaultChild as any);
    const policies = ofType('AWS::IAM::Policy').filter(([, p]) => p.Properties.Roles.some((r: any) => r.Ref === roleId));
    return policies.flatMap(([, p]) => p.Properties.PolicyDocument.Statement) as { Action: string | string[]; Resource: unknown }[];
  };
  const actions = (s: { Action: string | string[] }) => [s.Action].flat();

  it('roles of their own, with no managed policies (the functions’, and the scheduler’s)', () => {
    const schedulerRole = id(stack, 'SchedulerRole');
    const labMachineRole = stack.getLogicalId(stack.lab.stateMachine.role.node.defaultChild as any);
    for (const [roleId, role] of ofType('AWS::IAM::Role')) {
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
      if (roleId === schedulerRole || roleId === labMachineRole) continue;
      expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([{ Action: 'sts:AssumeRole', Effect: 'Allow', Principal: { Service: 'lambda.amazonaws.com' } }]);
    }
  });

  it('each function gets exactly its own DynamoDB actions and its modules\' (services/modules), on the table alone (and the owner index for those that query it: the API\'s and the timer\'s beat); web none', () => {
    const table = { 'Fn::GetAtt': [tableId, 'Arn'] };
    const index = { 'Fn::Join': ['', [table, '/index/byOwner']] };
    for (const name of FUNCTIONS) {
      const granted = name === 'web' ? [] : tableActionsOf(grantsOf(name) as Exclude<Fn, 'web' | 'graphql' | 'rest'> | 'http', TABLE_ACTIONS, MODULES);
      const onTable = statements(name).filter((s) => JSON.stringify(s.Resource) === JSON.stringify(isApi(name) || name === 'timer' ? [table, index] : table));
      expect(onTable.flatMap(actions).sort(), name).toEqual(granted.sort());
      const anyDynamo = statements(name).flatMap(actions).filter((a) => a.startsWith('dynamodb:'));
      const streamRead = ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams'];
      expect(anyDynamo.sort(), name).toEqual([...granted, ...(name === 'stream' ? streamRead : [])].sort());
    }
    expect(tableActionsOf('http', TABLE_ACTIONS, MODULES).length).toBeGreaterThan(0);
  });

  it('logs only to its own group; the management API only where it talks to clients', () => {
    for (const name of FUNCTIONS) {
      const logs = statements(name).filter((s) => actions(s).some((a) => a.startsWith('logs:')));
      expect(logs).toHaveLength(1);
      expect(logs[0]!.Resource).toEqual({ 'Fn::GetAtt': [stack.getLogicalId(stack.functions[name].logGroup.node.defaultChild as any), 'Arn'] });
      const manage = statements(name).filter((s) => actions(s).includes('execute-api:ManageConnections'));
      const methods = manage.flatMap((s) => [s.Resource].flat()).map((r) => /\/(POST|DELETE)\/@connections\/\*$/.exec(JSON.stringify(r).replace(/[",\]}]+$/g, ''))?.[1]);
      expect(methods.sort(), name).toEqual({ graphql: [], rest: [], web: [], ws: ['DELETE', 'POST'], stream: ['POST'], timer: [] }[name]);
      expect(JSON.stringify(manage)).not.toMatch(/"Resource":"\*"/);
    }
  });

  it('the stream function reads the table’s stream and may send failures to its queue', () => {
    const all = statements('stream');
    const read = all.find((s) => actions(s).includes('dynamodb:GetRecords'))!;
    expect(read.Resource).toEqual({ 'Fn::GetAtt': [tableId, 'StreamArn'] });
    expect(all.find((s) => actions(s).includes('sqs:SendMessage'))!.Resource).toEqual({ 'Fn::GetAtt': [id(stack, 'StreamFailures'), 'Arn'] });
  });
});

describe('play-by-turn: deadlines as schedules, the timer function, the signing secret', () => {
  const statementsOf = (roleLogicalId: string) =>
    ofType('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: any) => r.Ref === roleLogicalId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement) as { Action: string | string[]; Resource: unknown; Condition?: unknown }[];
  const roleOf = (fn: Fn) => stack.getLogicalId(stack.functions[fn].role!.node.defaultChild as any);
  const env = (fn: Fn) => template.findResources('AWS::Lambda::Function')[fnId(fn)]!.Properties.Environment.Variables;

  it('one schedule group; the scheduler’s role (assumed only by EventBridge Scheduler of this account) may only invoke the timer function', () => {
    template.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    const role = t.Resources[id(stack, 'SchedulerRole')];
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      { Action: 'sts:AssumeRole', Effect: 'Allow', Principal: { Service: 'scheduler.amazonaws.com' }, Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } } },
    ]);
    expect(statementsOf(id(stack, 'SchedulerRole'))).toEqual([{ Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: { 'Fn::GetAtt': [fnId('timer'), 'Arn'] } }]);
  });

  it('the stream function creates and updates schedules in that group only, and passes only the scheduler’s role, only to the scheduler', () => {
    const all = statementsOf(roleOf('stream'));
    const sched = all.filter((s) => [s.Action].flat().some((a) => a.startsWith('scheduler:')));
    expect(sched.flatMap((s) => [s.Action].flat()).sort()).toEqual(['scheduler:CreateSchedule', 'scheduler:UpdateSchedule']);
    expect(JSON.stringify(sched[0]!.Resource)).toContain(':schedule/Parlor-timers/*');
    const pass = all.filter((s) => [s.Action].flat().includes('iam:PassRole'));
    expect(pass).toEqual([{ Action: 'iam:PassRole', Effect: 'Allow', Resource: { 'Fn::GetAtt': [id(stack, 'SchedulerRole'), 'Arn'] }, Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } } }]);
    expect(env('stream')).toMatchObject({ SCHEDULE_GROUP: ref(stack.getLogicalId(stack.node.findChild('TimerSchedules') as any)), TIMER_FUNCTION_ARN: { 'Fn::GetAtt': [fnId('timer'), 'Arn'] }, SCHEDULER_ROLE_ARN: { 'Fn::GetAtt': [id(stack, 'SchedulerRole'), 'Arn'] } });
    for (const fn of ['graphql', 'rest', 'web', 'ws', 'timer'] as const) expect(JSON.stringify(statementsOf(roleOf(fn)))).not.toMatch(/scheduler:|iam:PassRole/);
  });

  /** The secrets `fn` may read. */
  const secretsRead = (fn: Fn) => statementsOf(roleOf(fn)).filter((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue')).map((s) => s.Resource);

  it('the player-token signing secret is generated by Secrets Manager and readable by the functions that verify player tokens (graphql, rest, ws) alone', () => {
    template.resourceCountIs('AWS::SecretsManager::Secret', 2); // and the notifications' (below)
    template.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ PasswordLength: 64 }) });
    const secretId = id(stack, 'PlayerSigningSecret');
    const verifiers: Fn[] = ['graphql', 'rest', 'ws'];
    for (const fn of verifiers) expect(env(fn).SIGNING_SECRET_ARN, fn).toEqual(ref(secretId));
    expect(env('web').SIGNING_SECRET_ARN).toBeUndefined();
    for (const fn of FUNCTIONS) expect(secretsRead(fn).filter((r) => JSON.stringify(r) === JSON.stringify(ref(secretId))), fn).toEqual(verifiers.includes(fn) ? [ref(secretId)] : []);
  });

  const vapidId = stack.getLogicalId(stack.notifications.secret.node.defaultChild as any);
  it('the Web Push (VAPID) secret is generated by Secrets Manager and readable by the functions that publish the key or send pushes (graphql, rest, stream, timer), not ws or web', () => {
    expect(t.Resources[vapidId].Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64 });
    for (const fn of FUNCTIONS) {
      const reads = fn !== 'ws' && fn !== 'web';
      expect(secretsRead(fn).some((r) => JSON.stringify(r) === JSON.stringify(ref(vapidId))), fn).toBe(reads);
      expect(env(fn).VAPID_SECRET_ARN, fn).toEqual(reads ? ref(vapidId) : undefined);
    }
  });

  it('without parlor:mailFrom, no email: no SES identity, no SES permission, no mail transport', () => {
    template.resourceCountIs('AWS::SES::EmailIdentity', 0);
    for (const fn of FUNCTIONS) expect(JSON.stringify(statementsOf(roleOf(fn))), fn).not.toMatch(/"ses:/);
    expect(env('timer').MAIL_TRANSPORT).toBeUndefined();
    expect(env('timer').PUBLIC_URL).toBeDefined(); // the digest's links, once mail is on
  });

  it('with parlor:mailFrom, the sender’s domain is an SES identity (its DKIM records output) and the timer function alone may send from it, through SES v2', () => {
    const { stack: mail, template: m } = variedStack(); // parlor:mailFrom and parlor:publicUrl
    m.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'mail.example.org' });
    const identityId = mail.getLogicalId(mail.notifications.mailIdentity!.node.defaultChild as any);
    const mt = m.toJSON();
    const sends = (fn: Fn) =>
      Object.values(mt.Resources as Record<string, any>)
        .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: any) => x.Ref === mail.getLogicalId(mail.functions[fn].role!.node.defaultChild as any)))
        .flatMap((p) => p.Properties.PolicyDocument.Statement)
        .filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('ses:')));
    for (const fn of FUNCTIONS) expect(sends(fn).length, fn).toBe(fn === 'timer' ? 1 : 0);
    expect([sends('timer')[0].Action].flat().sort()).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    expect(JSON.stringify(sends('timer')[0].Resource)).toContain('identity/');
    expect(JSON.stringify(sends('timer')[0].Resource)).toContain(identityId);
    const timerEnv = mt.Resources[mail.getLogicalId(mail.functions.timer.node.defaultChild as any)].Properties.Environment.Variables;
    expect(timerEnv).toMatchObject({ MAIL_TRANSPORT: 'ses', MAIL_FROM: 'Parlor <parlor@mail.example.org>', PUBLIC_URL: 'https://parlor.example.org' });
    expect(Object.keys(mt.Outputs).filter((k) => k.includes('MailDkim'))).toHaveLength(3);
  });

  it('a rule sends due webhook deliveries every minute through the timer function', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId('timer'), 'Arn'] }, Input: JSON.stringify({ outbox: true }) })],
    });
  });

  it('a rule runs matchmaking\'s beat every minute through the timer function: cut-off follow-ups and the pools (nothing else runs it on AWS)', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId('timer'), 'Arn'] }, Input: JSON.stringify({ matchmaking: true }) })],
    });
  });
});

describe('the HTTP API', () => {
  it('allows no other origin by default, as `npm start`; -c parlor:corsOrigins lists them for the preflight and the app alike', () => {
    const httpApi = (tpl: Template) => Object.values(tpl.findResources('AWS::ApiGatewayV2::Api')).find((r: any) => r.Properties.ProtocolType === 'HTTP')!.Properties;
    const httpEnv = (s: ParlorStack, tpl: Template, fn: Fn) => (tpl.toJSON().Resources[s.getLogicalId(s.functions[fn].node.defaultChild as any)].Properties.Environment.Variables as Record<string, string>);
    expect(httpApi(template).CorsConfiguration).toBeUndefined();
    for (const fn of ['graphql', 'rest', 'web'] as const) expect(httpEnv(stack, template, fn).CORS_ORIGINS, fn).toBe('');
    expect(CORS_ORIGINS).toBe('https://a.example, https://b.example');
    const other = variedStack(); // parlor:corsOrigins
    expect(httpApi(other.template).CorsConfiguration).toMatchObject({ AllowOrigins: ['https://a.example', 'https://b.example'] });
    for (const fn of ['graphql', 'rest', 'web'] as const) expect(httpEnv(other.stack, other.template, fn).CORS_ORIGINS, fn).toBe('https://a.example,https://b.example');
  });

  it('sends /graphql to the graphql function, /v1 and /docs to rest and every other path to web (payload 2.0), on its $default stage, throttled and access-logged', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
    const api = id(stack, 'HttpApi');
    const routes = ofType('AWS::ApiGatewayV2::Route').filter(([, r]) => r.Properties.ApiId.Ref === api);
    const target = (route: any) => t.Resources[route.Properties.Target['Fn::Join'][1][1].Ref].Properties;
    const byRoute = Object.fromEntries(routes.map(([, r]) => [r.Properties.RouteKey, target(r).IntegrationUri['Fn::GetAtt'][0]]));
    expect(byRoute).toEqual({
      $default: fnId('web'),
      'GET /graphql': fnId('graphql'),
      'POST /graphql': fnId('graphql'),
      'ANY /v1': fnId('rest'),
      'ANY /v1/{proxy+}': fnId('rest'),
      'ANY /docs': fnId('rest'),
      'ANY /docs/{proxy+}': fnId('rest'),
      'POST /v1/games': fnId('rest'),
    });
    for (const [, r] of routes) expect(target(r), r.Properties.RouteKey).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: ref(id(stack, 'HttpApi')),
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: HTTP_STAGE_THROTTLE.rateLimit, ThrottlingBurstLimit: HTTP_STAGE_THROTTLE.burstLimit },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });
  it('throttles the stage where the capacity model puts it: the target’s requests a second pass (the throttle is not the first limit)', () => {
    expect(HTTP_STAGE_THROTTLE).toEqual(httpStageThrottle(MEASURED, TARGET.movesPerSecond));
    const stage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage', { Properties: { StageName: '$default' } }))[0]!.Properties;
    const requestsAtTarget = TARGET.movesPerSecond * MEASURED.perMove.http.invocations;
    expect(stage.DefaultRouteSettings.ThrottlingRateLimit).toBe(HTTP_STAGE_THROTTLE.rateLimit);
    expect(stage.DefaultRouteSettings.ThrottlingRateLimit).toBeGreaterThanOrEqual(requestsAtTarget);
    expect(stage.DefaultRouteSettings.ThrottlingBurstLimit).toBeGreaterThanOrEqual(stage.DefaultRouteSettings.ThrottlingRateLimit);
  });
  it('throttles game creation on its own route below the stage limit, and routes it to the rest function', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'POST /v1/games', ApiId: ref(id(stack, 'HttpApi')) });
    const stage = template.findResources('AWS::ApiGatewayV2::Stage', { Properties: { StageName: '$default' } });
    const settings = Object.values(stage)[0]!.Properties;
    expect(settings.RouteSettings).toEqual({ 'POST /v1/games': { ThrottlingRateLimit: CREATE_THROTTLE.rateLimit, ThrottlingBurstLimit: CREATE_THROTTLE.burstLimit } });
    expect(CREATE_THROTTLE.rateLimit).toBeLessThan(settings.DefaultRouteSettings.ThrottlingRateLimit);
    const integrations = ofType('AWS::ApiGatewayV2::Integration').filter(([, r]) => r.Properties.ApiId.Ref === id(stack, 'HttpApi'));
    expect(integrations.map(([, r]) => r.Properties.IntegrationUri['Fn::GetAtt'][0]).sort()).toEqual([fnId('web'), fnId('graphql'), fnId('rest'), fnId('rest')].sort());
  });
});

describe('the WebSocket API', () => {
  it('routes $connect, $default and $disconnect to the ws function, on the StageName stage', () => {
    const api = id(stack, 'WebSocketApi');
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET', RouteSelectionExpression: '$request.body.action' });
    const routes = ofType('AWS::ApiGatewayV2::Route').filter(([, r]) => r.Properties.ApiId.Ref === api);
    expect(routes.map(([, r]) => r.Properties.RouteKey).sort()).toEqual(['$connect', '$default', '$disconnect']);
    for (const [, route] of routes) {
      const integration = t.Resources[route.Properties.Target['Fn::Join'][1][1].Ref];
      expect(JSON.stringify(integration.Properties.IntegrationUri)).toContain(fnId('ws'));
    }
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { ApiId: ref(api), StageName: ref('StageName'), AutoDeploy: true, DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: 500 }) });
  });
  it('API Gateway may invoke the functions of both APIs (and EventBridge the timer and export functions, nothing else)', () => {
    const all = ofType('AWS::Lambda::Permission').map(([, p]) => p.Properties);
    const events = all.filter((p) => p.Principal === 'events.amazonaws.com');
    const exportId = stack.getLogicalId(stack.exportFunction.node.defaultChild as any);
    // The timer: once for the outbox rule, once for the follow-ups rule.
    expect(events.map((p) => [p.Action, p.FunctionName['Fn::GetAtt'][0]]).sort()).toEqual([['lambda:InvokeFunction', exportId], ['lambda:InvokeFunction', fnId('timer')], ['lambda:InvokeFunction', fnId('timer')]].sort());
    const permissions = all.filter((p) => p.Principal !== 'events.amazonaws.com');
    expect(permissions.every((p) => p.Principal === 'apigateway.amazonaws.com' && p.Action === 'lambda:InvokeFunction')).toBe(true);
    // one per route: web the $default route, graphql GET and POST /graphql, rest its four paths and the throttled create route
    const expected = [fnId('web'), ...Array(2).fill(fnId('graphql')), ...Array(5).fill(fnId('rest')), fnId('ws'), fnId('ws'), fnId('ws')];
    expect(permissions.map((p) => p.FunctionName['Fn::GetAtt'][0]).sort()).toEqual(expected.sort());
  });
});

describe('the stream consumer', () => {
  it('gets only new commits, reports partial failures, bisects, retries, then parks records in an encrypted queue', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: ref(fnId('stream')),
      EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 10,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [id(stack, 'StreamFailures'), 'Arn'] } } },
    });
    const [, mapping] = ofType('AWS::Lambda::EventSourceMapping')[0]!;
    expect(JSON.parse(mapping.Properties.FilterCriteria.Filters[0].Pattern)).toEqual({
      eventName: ['INSERT'],
      dynamodb: { Keys: { pk: { S: [{ prefix: 'GAME#' }] }, sk: { S: [{ prefix: 'V#' }] } } },
    });
    template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
  });
  it('takes the batch size and parallelization factor from the capacity model, which keeps up with the target’s commits', () => {
    const [, mapping] = ofType('AWS::Lambda::EventSourceMapping')[0]!;
    expect(STREAM).toEqual(streamSettings(MEASURED, TARGET.movesPerSecond));
    expect(mapping.Properties).toMatchObject({ BatchSize: STREAM.batchSize, ParallelizationFactor: STREAM.parallelizationFactor });
    expect(STREAM.parallelizationFactor).toBeLessThanOrEqual(MAX_PARALLELIZATION);
    expect(STREAM.keepsUp).toBe(true);
    expect(RESERVED.stream).toBe(STREAM.shards * STREAM.parallelizationFactor);
  });
});

describe('alarms', () => {
  it('on errors and throttles of every function, stream lag and failures, API 5xx and table throttles', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([logicalId, a]) => [logicalId, a.Properties] as const);
    const on = (metric: string, fn: Fn) =>
      alarms.some(([, a]) => a.MetricName === metric && a.Dimensions?.some((d: any) => d.Name === 'FunctionName' && d.Value.Ref === fnId(fn)));
    for (const fn of FUNCTIONS) {
      expect(on('Errors', fn), `${fn} errors`).toBe(true);
      expect(on('Throttles', fn), `${fn} throttles`).toBe(true);
    }
    expect(on('IteratorAge', 'stream')).toBe(true);
    expect(alarms.some(([, a]) => a.MetricName === 'ApproximateNumberOfMessagesVisible')).toBe(true);
    expect(alarms.some(([, a]) => a.MetricName === '5xx')).toBe(true);
    expect(alarms.some(([, a]) => a.Metrics?.some((m: any) => m.MetricStat?.Metric.MetricName === 'ThrottledRequests'))).toBe(true);
    // Throttle events of the table and of every index it has, reads and writes.
    const throttled = (metric: string, index?: string) =>
      alarms.some(
        ([, a]) =>
          a.MetricName === metric &&
          a.Namespace === 'AWS/DynamoDB' &&
          a.Dimensions.some((d: any) => d.Name === 'TableName' && d.Value.Ref === tableId) &&
          (index ? a.Dimensions.some((d: any) => d.Name === 'GlobalSecondaryIndexName' && d.Value === index) : a.Dimensions.length === 1),
      );
    for (const index of [undefined, ...(tableDefinition('x').GlobalSecondaryIndexes ?? []).map((i) => i.IndexName!)]) {
      expect(throttled('WriteThrottleEvents', index), `writes ${index ?? 'table'}`).toBe(true);
      expect(throttled('ReadThrottleEvents', index), `reads ${index ?? 'table'}`).toBe(true);
    }
    expect(alarms.some(([, a]) => a.MetricName === 'Errors' && a.Dimensions?.some((d: any) => d.Value.Ref === stack.getLogicalId(stack.exportFunction.node.defaultChild as any)))).toBe(true);
    expect(alarms).toHaveLength(2 * FUNCTIONS.length + 7 + 2 * (tableDefinition('x').GlobalSecondaryIndexes?.length ?? 0));
  });
});

describe('analytics', () => {
  const exportId = stack.getLogicalId(stack.exportFunction.node.defaultChild as any);
  const bucketId = stack.getLogicalId(stack.analytics.bucket.node.defaultChild as any);
  const exportStatements = () => {
    const roleId = stack.getLogicalId(stack.exportFunction.role!.node.defaultChild as any);
    return ofType('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: any) => r.Ref === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement) as { Action: string | string[]; Resource: unknown }[];
  };

  it('an export function (x86_64 for DuckDB’s native build) that queries the finished games and their commits and writes to the bucket, nothing more', () => {
    const fn = template.findResources('AWS::Lambda::Function')[exportId]!.Properties;
    expect(fn).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['x86_64'], Timeout: 900, TracingConfig: { Mode: 'Active' } });
    expect(fn.Environment.Variables).toMatchObject({ TABLE_NAME: ref(tableId), EXPORT_BUCKET: ref(bucketId) });
    const actions = exportStatements().flatMap((s) => [s.Action].flat());
    expect(actions.filter((a) => a.startsWith('dynamodb:')).sort()).toEqual([...TABLE_ACTIONS.export].sort());
    expect(actions.filter((a) => a.startsWith('s3:'))).toEqual(['s3:PutObject']);
    const query = exportStatements().find((s) => [s.Action].flat().includes('dynamodb:Query'))!;
    expect(JSON.stringify(query.Resource)).toMatch(/index\/byOwner/);
    const put = exportStatements().find((s) => [s.Action].flat().includes('s3:PutObject'))!;
    expect(JSON.stringify(put.Resource)).toMatch(/games\/\*.*events\/\*/);
  });

  it('runs daily on a schedule, with retries', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(30 0 * * ? *)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [exportId, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 6 * 3600 } })],
    });
    template.hasResourceProperties('AWS::Lambda::Permission', { Principal: 'events.amazonaws.com', FunctionName: { 'Fn::GetAtt': [exportId, 'Arn'] } });
  });

  it('a private, encrypted, TLS-only bucket kept when the stack goes', () => {
    template.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: {
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('Glue tables games and events: Parquet, partitioned by game and ended day with partition projection', () => {
    template.hasResourceProperties('AWS::Glue::Database', { DatabaseInput: { Name: ref('AnalyticsDatabaseName') } });
    const tables = ofType('AWS::Glue::Table')
      .map(([, r]) => r.Properties.TableInput)
      .filter((x) => !x.Name.startsWith('lab_')); // the lab's own: describe 'the lab on AWS'
    expect(tables.map((x) => x.Name).sort()).toEqual(['events', 'games']);
    for (const table of tables) {
      expect(table.PartitionKeys).toEqual([{ Name: 'game', Type: 'string' }, { Name: 'ended', Type: 'string' }]);
      expect(table.Parameters).toMatchObject({ classification: 'parquet', 'projection.enabled': 'true', 'projection.game.type': 'enum', 'projection.ended.type': 'date' });
      expect(table.Parameters['projection.game.values'].split(',').sort()).toEqual(['scout', 'sea-salt-and-paper', 'seledyne', 'silver']);
      expect(table.StorageDescriptor.SerdeInfo.SerializationLibrary).toBe('org.apache.hadoop.hive.ql.io.parquet.serde.ParquetHiveSerDe');
    }
    const games = tables.find((x) => x.Name === 'games')!;
    expect(games.StorageDescriptor.Columns.map((c: any) => c.Name)).toEqual(expect.arrayContaining(['id', 'type', 'seats', 'result', 'players', 'moves', 'endedat', 'startseats', 'botseats']));
  });

  it('an Athena workgroup that enforces encrypted results in the bucket, and holds the standard queries', () => {
    template.hasResourceProperties('AWS::Athena::WorkGroup', {
      WorkGroupConfiguration: Match.objectLike({
        EnforceWorkGroupConfiguration: true,
        ResultConfiguration: { OutputLocation: Match.anyValue(), EncryptionConfiguration: { EncryptionOption: 'SSE_S3' } },
      }),
    });
    const queries = ofType('AWS::Athena::NamedQuery').map(([, r]) => r.Properties);
    expect(queries.map((q) => q.Name).sort()).toEqual(['Game length', 'Games per day', 'Sea Salt & Paper calls', 'Win rate by seat', 'Win rate by start position']);
    for (const q of queries) expect(q).toMatchObject({ Database: ref('AnalyticsDatabaseName'), WorkGroup: { Ref: stack.getLogicalId(stack.analytics.workGroup) } });
  });
});

describe('cdk-nag (AWS Solutions)', () => {
  it('finds nothing unacknowledged, and every acknowledgement gives its reason', () => {
    const report = new AwsSolutionsChecks(app).validateScope(stack);
    expect(report.violations.map((v) => `${v.ruleName} ${v.violatingResources.map((r) => r.constructPath).join(' ')}`)).toEqual([]);
    const acks = stack.node
      .findAll()
      .flatMap((c) => c.node.metadata.filter((m) => m.type === 'aws:cdk:acknowledged-rules').flatMap((m) => Object.entries(m.data as Record<string, string>)));
    expect(acks.length).toBeGreaterThan(0);
    for (const [rule, reason] of acks) expect(String(reason).length, rule).toBeGreaterThan(40);
    expect([...new Set(acks.map(([rule]) => rule.replace(/^Annotation::/i, '').replace(/\[.*$/, '')))].sort()).toEqual(['AwsSolutions-APIG1', 'AwsSolutions-APIG4', 'AwsSolutions-IAM5', 'AwsSolutions-S1', 'AwsSolutions-SMG4', 'AwsSolutions-SQS3']);
  });
});
