/**
 * Parlor on AWS: the game table (DynamoDB, on-demand, streams, PITR, TTL), the Lambda
 * functions (graphql, rest and web behind the HTTP API; ws, stream, timer) bundled locally with esbuild, the HTTP API and the
 * WebSocket API, deadlines as EventBridge Scheduler schedules, the player-token signing secret,
 * least-privilege roles, log retention and alarms. Env-agnostic, so
 * `cdk synth` runs offline without credentials.
 *
 * Parameters: StageName (the WebSocket API's stage) and TableName.
 * Context: parlor:alarmTopicArn (alarms notify it), parlor:webSocketAccessLogs (true once the
 * account has API Gateway's CloudWatch Logs role; see the nag suppression below),
 * parlor:corsOrigins (comma-separated origins whose pages may call the API; none by default,
 * as `npm start`: the app's CORS_ORIGINS and the HTTP API's preflight both follow it),
 * parlor:mailFrom ("Parlor <parlor@example.org>": the email digest through SES; none by default),
 * parlor:publicUrl (the page's address in emails; default the HTTP API's URL),
 * parlor:reservedConcurrency (false: reserve none, for accounts below infra/capacity.ts ACCOUNT_CONCURRENCY_NEEDED).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { CfnStage as CfnHttpStage, CorsHttpMethod, HttpApi, HttpMethod, HttpStage, LogGroupLogDestination, WebSocketApi, WebSocketStage, type IAccessLogSettings } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration, WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Alarm, ComparisonOperator, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { AttributeType, BillingMode, Operation, StreamViewType, Table, type Attribute } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, FilterCriteria, FilterRule, Function as LambdaFunction, Runtime, RuntimeManagementMode, StartingPosition, Tracing } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { App, AssetHashType, CfnOutput, CfnParameter, CfnResource, DockerImage, Duration, RemovalPolicy, Size, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaFunctionTarget } from 'aws-cdk-lib/aws-events-targets';
import { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct, IConstruct } from 'constructs';
import { accountsEnvironment } from './accounts.js';
import { COMMIT_PREFIX, gamePk, KEY, OWNER_INDEX, tableDefinition, TTL_ATTRIBUTE } from '../services/store/schema.js';
import { OWNER_INDEX_READERS, TABLE_ACTIONS } from '../services/handlers/permissions.js';
import { MODULES } from '../services/modules/index.js';
import { tableActionsOf, type FunctionName, type Module } from '../services/modules/module.js';
import { CODE_CACHED, ROOT, type BundleName, type HandlerName } from './bundle.js';
import { ParlorAnalytics } from './analytics.js';
import { LAB_MEMORY_MB, LAB_TIMEOUT, ParlorLab } from './lab.js';
import { ParlorNotifications } from './notifications.js';
import { HTTP_STAGE_THROTTLE, RESERVED, STREAM } from './capacity.js';

/**
 * Lambda's latest Node runtime (nodejs20.x is deprecated there). The bundles target Node 20
 * (infra/bundle.ts NODE_TARGET, package.json engines): the same code runs on the development
 * machines and in the tests, and unchanged on this newer runtime.
 */
const RUNTIME = Runtime.NODEJS_24_X;
/** The paths the rest function answers (the REST mirror and its OpenAPI page). */
export const REST_PATHS = ['/v1', '/v1/{proxy+}', '/docs', '/docs/{proxy+}'] as const;
/** The REST route that creates games, and its API-wide ceiling (requests per second, burst). */
const CREATE_PATH = '/v1/games';
export const CREATE_THROTTLE = { rateLimit: 20, burstLimit: 40 };
const TYPES: Record<string, AttributeType> = { S: AttributeType.STRING, N: AttributeType.NUMBER, B: AttributeType.BINARY };

/** The stack's settings beyond CDK's: the concerns the functions run (default MODULES, services/modules), whose needs are granted. */
export interface ParlorStackProps extends StackProps {
  modules?: readonly Module[];
  /** The Node that synthesizes (and so bundles): this process's; tests name another. */
  buildMachine?: { node: string; arch: string };
}

/**
 * What the graphql function's V8 code cache (infra/bundle.ts CODE_CACHED) needs on AWS. V8 takes a
 * cache only from the same V8 version and V8 flags, and the function's entry hands it to V8 only
 * when the Node version and architecture are those that built it too (a cache of another Node
 * patch can pass V8's checks and crash: nodejs/node#62781). So, with the context value
 * `parlor:codeCache` = `{ "node": "v24.x.y", "runtimeVersionArn": "arn:aws:lambda:<region>::runtime:<id>" }`
 * (the runtime version's Node, as its first log line or `process.version` there says):
 * - the synthesizing Node must be that version, on linux arm64 (the functions' architecture), e.g. in
 *   the runtime's own image (public.ecr.aws/lambda/nodejs:24-arm64 at that version): otherwise synth fails;
 * - the cache is built with the V8 flags Lambda's Node bootstrap passes for the function's memory
 *   (`nodeArgs` in the context value overrides them);
 * - the function's runtime is pinned to that version (runtime management, Manual), so an automatic
 *   runtime update cannot leave it a cache it refuses: updating the runtime means rebuilding.
 * Unset (the default, and on any other machine), the function ships without a cache, which a
 * cold start there would refuse anyway, and its runtime updates automatically. Either way a cold
 * start that cannot use a cache compiles without it and logs one line.
 */
export interface CodeCacheSettings {
  runtimeVersionArn: string;
  nodeArgs: readonly string[];
}

/** The V8 flags Lambda's Node bootstrap starts node with for a function of `memoryMb` (its heap sizes follow the memory). */
export function lambdaNodeArgs(memoryMb: number): string[] {
  const newSpace = Math.floor(memoryMb / 10);
  return ['--expose-gc', `--max-semi-space-size=${Math.floor(newSpace / 2)}`, `--max-old-space-size=${memoryMb - newSpace}`];
}

export function codeCacheSettings(value: unknown, memoryMb: number, machine: { node: string; arch: string }): CodeCacheSettings | undefined {
  if (value === undefined) return undefined;
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as { node?: unknown; runtimeVersionArn?: unknown; nodeArgs?: unknown };
  if (typeof v.node !== 'string' || !/^v\d+\.\d+\.\d+$/.test(v.node)) throw new Error(`parlor:codeCache: "node" must be the runtime version's Node, e.g. "v24.11.1" (got ${JSON.stringify(v.node)})`);
  if (typeof v.runtimeVersionArn !== 'string' || !/^arn:aws[\w-]*:lambda:[\w-]+::runtime:[0-9a-f]+$/.test(v.runtimeVersionArn)) throw new Error(`parlor:codeCache: "runtimeVersionArn" must be a Lambda runtime version ARN (got ${JSON.stringify(v.runtimeVersionArn)})`);
  if (Number(v.node.slice(1).split('.')[0]) !== Number(RUNTIME.name.replace(/^nodejs(\d+)\.x$/, '$1'))) throw new Error(`parlor:codeCache: node ${v.node} is not the functions' runtime (${RUNTIME.name})`);
  if (machine.node !== v.node || machine.arch !== 'arm64') throw new Error(`parlor:codeCache: the graphql function's code cache must be built by the Node it runs on (${v.node}, linux arm64); this synth runs ${machine.node} on ${machine.arch}. Synthesize in that runtime's image, or leave parlor:codeCache unset (no cache)`);
  const nodeArgs = v.nodeArgs === undefined ? lambdaNodeArgs(memoryMb) : v.nodeArgs;
  if (!Array.isArray(nodeArgs) || !nodeArgs.every((a) => typeof a === 'string' && a.startsWith('--'))) throw new Error('parlor:codeCache: "nodeArgs" must be a list of node flags');
  return { runtimeVersionArn: v.runtimeVersionArn, nodeArgs };
}

export class ParlorStack extends Stack {
  readonly table: Table;
  readonly functions: Record<HandlerName, LambdaFunction>;
  readonly exportFunction: LambdaFunction;
  /** The lab on AWS: sharded bot runs (infra/lab.ts). */
  readonly lab: ParlorLab;
  readonly analytics: ParlorAnalytics;
  readonly notifications: ParlorNotifications;

  private readonly buildMachine: { node: string; arch: string };
  /** The graphql function's code cache settings (parlor:codeCache), when it ships one. */
  codeCache?: CodeCacheSettings;
  /** The folder of every function's bundle, made by one bundler when CDK bundles the first function (see bundled()). */
  private bundles: string | undefined;

  constructor(scope: Construct, id: string, { modules = MODULES, buildMachine = { node: process.version, arch: process.arch }, ...props }: ParlorStackProps = {}) {
    super(scope, id, { description: 'Parlor: turn-based card games, event-sourced on DynamoDB, GraphQL over HTTP and WebSocket', ...props });
    this.buildMachine = buildMachine;

    const stageName = new CfnParameter(this, 'StageName', {
      type: 'String',
      default: 'prod',
      allowedPattern: '^[A-Za-z0-9_-]{1,64}$',
      description: 'The WebSocket API stage (the last part of its URL) and the STAGE the functions see',
    }).valueAsString;
    const databaseName = new CfnParameter(this, 'AnalyticsDatabaseName', {
      type: 'String',
      default: 'parlor_analytics',
      allowedPattern: '^[a-z0-9_]{1,200}$',
      description: 'The Glue database of the exported games (Athena queries them there)',
    }).valueAsString;
    const tableName = new CfnParameter(this, 'TableName', {
      type: 'String',
      default: 'parlor',
      allowedPattern: '^[A-Za-z0-9_.-]{3,255}$',
      description: 'The DynamoDB table holding games, the lobby, and WebSocket connections',
    }).valueAsString;

    const publicUrl = new CfnParameter(this, 'PublicUrl', {
      type: 'String',
      default: '',
      allowedPattern: '^(https://[^\\s]{1,500})?$',
      description: 'The web client\'s address: webhook payloads link to PUBLIC_URL#/game/<id> (empty: no link)',
    }).valueAsString;

    this.table = gameTable(this, tableName);
    const stack = Stack.of(this);

    const common = {
      TABLE_NAME: this.table.tableName,
      STAGE: stageName,
      POWERTOOLS_SERVICE_NAME: 'parlor',
      POWERTOOLS_METRICS_NAMESPACE: 'Parlor',
      POWERTOOLS_LOG_LEVEL: 'INFO',
      // Production: no GraphiQL, /docs or introspection (services/api/limits/settings.ts).
      NODE_ENV: 'production',
      PUBLIC_URL: publicUrl,
    };
    // Cold starts are CPU-bound (infra/measure-bundles.ts: CPU to first answer), and Lambda's CPU
    // grows with memory: the API's functions (Fastify, mercurius, ajv) get one full vCPU.
    const corsOrigins = String(this.node.tryGetContext('parlor:corsOrigins') ?? '').split(',').map((o) => o.trim()).filter(Boolean);
    // Both verify player tokens: an external identity provider's too, when one is set (infra/accounts.ts).
    const accounts = accountsEnvironment(this.node);
    // Reserved concurrency from the capacity model at the target load (infra/capacity.ts, docs/capacity.md):
    // no function starves another, and none can take the whole account. An account below the
    // model's quota (ACCOUNT_CONCURRENCY_NEEDED) deploys with -c parlor:reservedConcurrency=false.
    const reserve = this.node.tryGetContext('parlor:reservedConcurrency') !== false && this.node.tryGetContext('parlor:reservedConcurrency') !== 'false';
    const reserved = (name: keyof typeof RESERVED) => (reserve ? { reservedConcurrentExecutions: RESERVED[name] } : {});
    // The HTTP API's three functions: one route group of the same app each (services/handlers/http.ts),
    // so a cold start loads only its own group's code (docs/capacity.md, the http functions' cold start).
    const api = { ...common, ...accounts, CORS_ORIGINS: corsOrigins.join(',') };
    const graphql = this.handler('graphql', { memorySize: 1769, timeout: Duration.seconds(15), environment: api, ...reserved('graphql') });
    const rest = this.handler('rest', { memorySize: 1769, timeout: Duration.seconds(15), environment: api, ...reserved('rest') });
    // The page's files: no table, no secret.
    const web = this.handler('web', { memorySize: 1024, timeout: Duration.seconds(10), environment: { ...common, CORS_ORIGINS: corsOrigins.join(',') }, ...reserved('web') });
    const ws = this.handler('ws', { memorySize: 1024, timeout: Duration.seconds(10), environment: { ...common, ...accounts }, ...reserved('ws') });

    // ---- HTTP API at the $default stage: /graphql to graphql, /v1 and /docs to rest, every other path (the page) to web.
    const httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Parlor GraphQL (/graphql), REST (/v1, OpenAPI at /docs) and the web client (/)',
      createDefaultStage: false,
      defaultIntegration: new HttpLambdaIntegration('WebIntegration', web),
      corsPreflight: corsOrigins.length
        ? { allowOrigins: corsOrigins, allowMethods: [CorsHttpMethod.GET, CorsHttpMethod.POST, CorsHttpMethod.OPTIONS], allowHeaders: ['authorization', 'content-type'], maxAge: Duration.days(1) }
        : undefined,
    });
    // Creating a game is the one write that makes new rows: its own, lower ceiling across all clients
    // (per-client limits run in the app; an HTTP API has no per-client throttle and WAF cannot attach to it).
    const graphqlIntegration = new HttpLambdaIntegration('GraphqlIntegration', graphql);
    httpApi.addRoutes({ path: '/graphql', methods: [HttpMethod.GET, HttpMethod.POST], integration: graphqlIntegration });
    const restIntegration = new HttpLambdaIntegration('RestIntegration', rest);
    for (const path of REST_PATHS) httpApi.addRoutes({ path, methods: [HttpMethod.ANY], integration: restIntegration });
    const createRoute = `POST ${CREATE_PATH}`;
    httpApi.addRoutes({ path: CREATE_PATH, methods: [HttpMethod.POST], integration: new HttpLambdaIntegration('CreateIntegration', rest) });
    const httpStage = new HttpStage(this, 'HttpStage', {
      httpApi,
      stageName: '$default', // a named stage would prefix every path the app routes on
      autoDeploy: true,
      // From the capacity model (infra/capacity.ts): the target's requests a second, with headroom.
      throttle: HTTP_STAGE_THROTTLE,
      accessLogSettings: accessLogs(this, 'HttpAccessLogs', {
        requestId: '$context.requestId',
        ip: '$context.identity.sourceIp',
        requestTime: '$context.requestTime',
        method: '$context.httpMethod',
        path: '$context.path',
        status: '$context.status',
        responseLength: '$context.responseLength',
        latency: '$context.responseLatency',
        integrationError: '$context.integrationErrorMessage',
      }),
    });

    (httpStage.node.defaultChild as CfnHttpStage).addPropertyOverride('RouteSettings', {
      [createRoute]: { ThrottlingRateLimit: CREATE_THROTTLE.rateLimit, ThrottlingBurstLimit: CREATE_THROTTLE.burstLimit },
    });

    // ---- WebSocket API: graphql-transport-ws on $connect / $default / $disconnect, all one function.
    const wsApi = new WebSocketApi(this, 'WebSocketApi', {
      description: 'Parlor GraphQL subscriptions (graphql-transport-ws)',
      connectRouteOptions: { integration: new WebSocketLambdaIntegration('ConnectIntegration', ws) },
      defaultRouteOptions: { integration: new WebSocketLambdaIntegration('DefaultIntegration', ws) },
      disconnectRouteOptions: { integration: new WebSocketLambdaIntegration('DisconnectIntegration', ws) },
    });
    const wsStage = new WebSocketStage(this, 'WebSocketStage', {
      webSocketApi: wsApi,
      stageName,
      autoDeploy: true,
      throttle: { rateLimit: 500, burstLimit: 1000 },
      accessLogSettings:
        this.node.tryGetContext('parlor:webSocketAccessLogs') === true || this.node.tryGetContext('parlor:webSocketAccessLogs') === 'true'
          ? accessLogs(this, 'WebSocketAccessLogs', {
              requestId: '$context.requestId',
              ip: '$context.identity.sourceIp',
              requestTime: '$context.requestTime',
              eventType: '$context.eventType',
              routeKey: '$context.routeKey',
              connectionId: '$context.connectionId',
              status: '$context.status',
              integrationError: '$context.integrationErrorMessage',
            })
          : undefined,
    });

    // The stream function plays the bots' moves (BotRunner.advance, as locally). A search bot is
    // CPU-bound: 1,769 MB is one full vCPU; 5 minutes leaves room for a batch of 100 games' search:3
    // decisions one after another (p99 2.4 s in Silver; docs/bots/integration.md), and a batch that
    // times out is halved (bisectBatchOnError).
    const stream = this.handler('stream', {
      memorySize: 1769,
      timeout: Duration.minutes(5),
      environment: { ...common, WS_ENDPOINT: wsStage.callbackUrl },
      ...reserved('stream'),
    });

    // ---- Play-by-turn: the player-token signing secret; deadlines as EventBridge Scheduler one-time
    // schedules that invoke the timer function (upserted by the stream function after each commit);
    // a once-a-minute rule that sends due webhook deliveries.
    const signingSecret = new Secret(this, 'PlayerSigningSecret', {
      description: 'Parlor: player tokens are signed with an Ed25519 key derived from this secret',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    // graphql and rest sign and verify player tokens; ws verifies them (a subscription's connection_init may carry one).
    for (const fn of [graphql, rest, ws]) {
      signingSecret.grantRead(fn);
      fn.addEnvironment('SIGNING_SECRET_ARN', signingSecret.secretArn);
    }
    // A timeout's commit carries the timeoutBot's move (search:1 by default, search:3 at most): one decision per invocation.
    const timer = this.handler('timer', { memorySize: 1769, timeout: Duration.seconds(60), environment: common, ...reserved('timer') });
    const groupName = `${stack.stackName}-timers`;
    const group = new CfnScheduleGroup(this, 'TimerSchedules', { name: groupName });
    const schedulerRole = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': stack.account } } }),
      description: 'EventBridge Scheduler invokes the Parlor timer function',
    });
    schedulerRole.addToPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [timer.functionArn] }));
    const schedules = stack.formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${groupName}/*` });
    stream.addToRolePolicy(new PolicyStatement({ actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule'], resources: [schedules] }));
    stream.addToRolePolicy(new PolicyStatement({ actions: ['iam:PassRole'], resources: [schedulerRole.roleArn], conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } } }));
    stream.addEnvironment('SCHEDULE_GROUP', group.ref);
    stream.addEnvironment('TIMER_FUNCTION_ARN', timer.functionArn);
    stream.addEnvironment('SCHEDULER_ROLE_ARN', schedulerRole.roleArn);
    new Rule(this, 'OutboxEveryMinute', {
      description: 'Sends due webhook deliveries (the durable outbox in the table)',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunctionTarget(timer, { event: RuleTargetInput.fromObject({ outbox: true }) })],
    });
    // Matchmaking's beat (`npm start` runs it on its own clock): follow-ups a function cut off (a filled seek whose game was not created or announced), and the pools, so a lone player is seated with bots after the wait though no one reads.
    new Rule(this, 'MatchmakingEveryMinute', {
      description: 'Matchmaking beat: finishes seeks left marked by a function cut off, pairs the marked quick-play pools',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunctionTarget(timer, { event: RuleTargetInput.fromObject({ matchmaking: true }) })],
    });

    // ---- Permissions: each function's own table actions and its modules' (services/modules); the management API for those that talk to clients.
    // The table itself, and the owner index only to the functions that query it (OWNER_INDEX_READERS; no index/* wildcard).
    // graphql and rest serve the same resolvers and commands: both get the API's grants ('http'); web none.
    const ownerIndex = `${this.table.tableArn}/index/${OWNER_INDEX.name}`;
    const onTable = (name: FunctionName) => (OWNER_INDEX_READERS.includes(name) ? [this.table.tableArn, ownerIndex] : [this.table.tableArn]);
    for (const [name, fn] of Object.entries({ http: graphql, ws, stream, timer }) as [FunctionName, LambdaFunction][]) {
      fn.addToRolePolicy(new PolicyStatement({ actions: tableActionsOf(name, TABLE_ACTIONS, modules), resources: onTable(name) }));
    }
    rest.addToRolePolicy(new PolicyStatement({ actions: tableActionsOf('http', TABLE_ACTIONS, modules), resources: onTable('http') }));
    const connections = (method: string) => stack.formatArn({ service: 'execute-api', resource: wsApi.apiId, resourceName: `${stageName}/${method}/@connections/*` });
    ws.addToRolePolicy(new PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [connections('POST'), connections('DELETE')] }));
    stream.addToRolePolicy(new PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [connections('POST')] }));

    // ---- Streams → projections and subscriptions: only new commits reach the function.
    const failures = new Queue(this, 'StreamFailures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    stream.addEventSource(
      new DynamoEventSource(this.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        // From the capacity model (infra/capacity.ts): the largest batch that fits the latency budget,
        // and the concurrent batches per shard the target's commit rate needs.
        batchSize: STREAM.batchSize,
        parallelizationFactor: STREAM.parallelizationFactor,
        maxBatchingWindow: Duration.seconds(0),
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        retryAttempts: 10,
        maxRecordAge: Duration.hours(6),
        onFailure: new SqsDlq(failures),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: { Keys: { [KEY.partition]: { S: FilterRule.beginsWith(gamePk('')) }, [KEY.sort]: { S: FilterRule.beginsWith(COMMIT_PREFIX) } } },
          }),
        ],
      }),
    );

    // ---- Alarms: errors and throttles of every function, stream lag and failures, API 5xx, table throttles.
    const topicArn = this.node.tryGetContext('parlor:alarmTopicArn') as string | undefined;
    const action = topicArn ? new SnsAction(Topic.fromTopicArn(this, 'AlarmTopic', topicArn)) : undefined;
    const alarm = (id: string, metric: IMetric, threshold: number, description: string) => {
      const a = new Alarm(this, id, {
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
      if (action) a.addAlarmAction(action);
      return a;
    };
    const period = Duration.minutes(5);
    for (const [name, fn] of Object.entries({ graphql, rest, web, ws, stream, timer })) {
      const title = name[0]!.toUpperCase() + name.slice(1);
      alarm(`${title}Errors`, fn.metricErrors({ period, statistic: 'Sum' }), 1, `The ${name} function failed`);
      alarm(`${title}Throttles`, fn.metricThrottles({ period, statistic: 'Sum' }), 1, `The ${name} function was throttled`);
    }
    alarm(
      'StreamIteratorAge',
      new Metric({ namespace: 'AWS/Lambda', metricName: 'IteratorAge', dimensionsMap: { FunctionName: stream.functionName }, statistic: 'Maximum', period: Duration.minutes(1) }),
      30_000,
      'Subscribers and the lobby lag the table by 30 s or more',
    );
    alarm('StreamFailuresQueued', failures.metricApproximateNumberOfMessagesVisible({ period }), 1, 'Stream records were given up on (see the StreamFailures queue)');
    alarm('HttpApi5xx', httpApi.metricServerError({ period, statistic: 'Sum' }), 5, 'The HTTP API answered 5xx');
    alarm(
      'TableThrottles',
      this.table.metricThrottledRequestsForOperations({
        operations: [Operation.GET_ITEM, Operation.PUT_ITEM, Operation.UPDATE_ITEM, Operation.DELETE_ITEM, Operation.QUERY, Operation.BATCH_WRITE_ITEM],
        period,
      }),
      1,
      'DynamoDB throttled requests to the game table',
    );
    // Throttle events of the table and of each index: a hot partition shows here before anywhere else
    // (an index that cannot keep up throttles writes to the table itself).
    const dynamoMetric = (metricName: string, index?: string) =>
      new Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap: { TableName: this.table.tableName, ...(index && { GlobalSecondaryIndexName: index }) }, statistic: 'Sum', period });
    alarm('TableWriteThrottles', dynamoMetric('WriteThrottleEvents'), 1, 'DynamoDB throttled writes to the game table (a hot partition key, or past the table’s on-demand ceiling)');
    alarm('TableReadThrottles', dynamoMetric('ReadThrottleEvents'), 1, 'DynamoDB throttled reads of the game table (a hot partition key)');
    for (const index of tableDefinition('x').GlobalSecondaryIndexes ?? []) {
      const title = index.IndexName![0]!.toUpperCase() + index.IndexName!.slice(1);
      alarm(`Index${title}WriteThrottles`, dynamoMetric('WriteThrottleEvents', index.IndexName), 1, `DynamoDB throttled writes to the ${index.IndexName} index (and so to the table)`);
      alarm(`Index${title}ReadThrottles`, dynamoMetric('ReadThrottleEvents', index.IndexName), 1, `DynamoDB throttled reads of the ${index.IndexName} index`);
    }

    this.functions = { graphql, rest, web, ws, stream, timer };

    // ---- Analytics: the daily export to a bucket of partitioned Parquet, Glue tables, Athena's standard queries.
    this.exportFunction = this.handler('export', {
      memorySize: 2048,
      timeout: Duration.minutes(15),
      environment: common,
      architecture: Architecture.X86_64, // DuckDB's native build in the bundle is linux-x64
      ephemeralStorageSize: Size.gibibytes(4),
    });
    this.analytics = new ParlorAnalytics(this, 'Analytics', { table: this.table, exportFunction: this.exportFunction, tableActions: TABLE_ACTIONS.export, databaseName });
    alarm('ExportErrors', this.exportFunction.metricErrors({ period: Duration.hours(1), statistic: 'Sum' }), 1, 'The scheduled analytics export failed');
    // ---- The lab on AWS: a run's shards over a Distributed Map, Parquet into the same bucket (npm run lab).
    const labFunction = this.handler('lab', {
      memorySize: LAB_MEMORY_MB,
      timeout: LAB_TIMEOUT,
      environment: { POWERTOOLS_SERVICE_NAME: 'parlor-lab', POWERTOOLS_METRICS_NAMESPACE: 'Parlor', POWERTOOLS_LOG_LEVEL: 'INFO', NODE_ENV: 'production' },
      architecture: Architecture.X86_64, // DuckDB's native build in the bundle is linux-x64
      ephemeralStorageSize: Size.gibibytes(2),
    });
    this.lab = new ParlorLab(this, 'Lab', { bucket: this.analytics.bucket, shardFunction: labFunction, database: this.analytics.database, databaseName });
    new CfnOutput(this, 'LabStateMachineArn', { value: this.lab.stateMachine.stateMachineArn, description: 'npm run lab -- … --state-machine <this> starts a lab run' });

    new CfnOutput(this, 'HttpApiUrl', { value: httpStage.url, description: 'The web client at <url>, GraphQL at <url>graphql, REST at <url>v1, docs at <url>docs' });
    // ---- Web Push and the email digest (infra/notifications.ts).
    this.notifications = new ParlorNotifications(this, 'Notifications', {
      functions: { api: [graphql, rest], stream, timer },
      publicUrl: (this.node.tryGetContext('parlor:publicUrl') as string | undefined) ?? httpStage.url,
      mailFrom: this.node.tryGetContext('parlor:mailFrom') as string | undefined,
    });
    // The web page (served by the web function) opens its socket on the WebSocket API.
    web.addEnvironment('WEBSOCKET_URL', wsStage.url);
    new CfnOutput(this, 'WebSocketUrl', { value: wsStage.url, description: 'graphql-ws clients connect here' });
    new CfnOutput(this, 'GameTableName', { value: this.table.tableName });
    new CfnOutput(this, 'AnalyticsBucketName', { value: this.analytics.bucket.bucketName, description: 'Exported games: games/ and events/, Parquet by game and day' });
    new CfnOutput(this, 'AthenaWorkGroup', { value: this.analytics.workGroup.ref, description: 'Holds the standard queries (Saved queries)' });

    this.suppressions(failures);
    const ack = (scope: IConstruct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason });
    ack(signingSecret, 'AwsSolutions-SMG4', 'Rotating the player-token signing secret would sign every player out; rotate it by hand (a new secret version) when a key is exposed.');
    ack(
      stream.role!,
      `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/${this.stackName}-timers/*]`,
      'Deadlines are schedules named at run time (one per game and seat): the ARN is limited to this stack’s schedule group.',
    );
  }

  /** A function with its own role (logs to its own group only), bundled by infra/bundle.ts. */
  private handler(
    name: BundleName,
    options: { memorySize: number; timeout: Duration; environment: Record<string, string>; architecture?: Architecture; ephemeralStorageSize?: Size; reservedConcurrentExecutions?: number },
  ): LambdaFunction {
    const title = name[0]!.toUpperCase() + name.slice(1);
    const logGroup = new LogGroup(this, `${title}Logs`, { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    const role = new Role(this, `${title}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), description: `Parlor ${name} function` });
    role.addToPolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }));
    const cache = CODE_CACHED.includes(name) ? codeCacheSettings(this.node.tryGetContext('parlor:codeCache'), options.memorySize, this.buildMachine) : undefined;
    // One bundler builds every cache (bundleEveryFunction), with one set of V8 flags: the code-cached functions share their memory size.
    if (cache && this.codeCache && JSON.stringify(cache) !== JSON.stringify(this.codeCache)) throw new Error(`${name}: the code-cached functions (${CODE_CACHED.join(', ')}) must share one memory size, so their caches share Lambda's flags`);
    if (cache) this.codeCache = cache;
    return new LambdaFunction(this, `${title}Function`, {
      description: `Parlor ${name} handler (services/handlers/${name}.ts)`,
      runtime: RUNTIME,
      architecture: Architecture.ARM_64,
      handler: 'index.handler',
      // The first function CDK bundles bundles them all; by then every function's code cache setting is known (this.codeCache).
      code: bundled(name, CODE_CACHED.includes(name) ? cache?.nodeArgs ?? false : undefined, () => (this.bundles ??= bundleEveryFunction(cacheArgs(this.codeCache?.nodeArgs ?? false)))),
      ...(cache && { runtimeManagementMode: RuntimeManagementMode.manual(cache.runtimeVersionArn) }),
      role,
      logGroup,
      tracing: Tracing.ACTIVE,
      ...options,
    });
  }

  /** cdk-nag (AWS Solutions) findings acknowledged, each with its reason. */
  private suppressions(failures: Queue): void {
    const ack = (scope: IConstruct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason });
    for (const [name, fn] of Object.entries(this.functions)) {
      ack(
        fn.role!,
        'AwsSolutions-IAM5[Resource::*]',
        'Actions without resource-level permissions, where Resource "*" is the only form: X-Ray PutTraceSegments/PutTelemetryRecords (tracing), and for the stream function dynamodb:ListStreams (added by its DynamoDB event source).',
      );
      const api = Stack.of(this).resolve((this.node.findChild('WebSocketApi').node.defaultChild as CfnResource).logicalId);
      for (const method of name === 'ws' ? ['POST', 'DELETE'] : name === 'stream' || name === 'timer' ? ['POST'] : []) {
        ack(
          fn.role!,
          `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:<${api}>/<StageName>/${method}/@connections/*]`,
          'PostToConnection/DeleteConnection address connections made at run time: the ARN ends in @connections/* of this API and stage only.',
        );
      }
    }
    ack(
      this.node.findChild('HttpApi'),
      'AwsSolutions-APIG4',
      'A public game API: anyone may read the catalog and lobby, create and join games; moves and hidden views are authorised inside the app by the seat token, not by API Gateway.',
    );
    ack(
      this.node.findChild('WebSocketApi'),
      'AwsSolutions-APIG4',
      'graphql-transport-ws authenticates in its connection_init message (browsers cannot send headers on a WebSocket upgrade): the ws function checks the seat token there and closes the connection on a bad one.',
    );
    if (!this.node.tryGetContext('parlor:webSocketAccessLogs')) {
      ack(
        this.node.findChild('WebSocketStage'),
        'AwsSolutions-APIG1',
        'WebSocket stage logging needs the account-wide API Gateway CloudWatch Logs role, which one application stack should not set for a whole account. Once the account has it, deploy with -c parlor:webSocketAccessLogs=true. The ws function logs connection events meanwhile.',
      );
    }
    ack(failures, 'AwsSolutions-SQS3', 'This queue is itself the dead-letter destination of the stream consumer.');
  }
}

/** The table from the store's own definition (services/store/schema.ts), so the two cannot drift. */
function gameTable(scope: Construct, tableName: string): Table {
  const def = tableDefinition(tableName);
  const attribute = (name: string): Attribute => {
    const type = def.AttributeDefinitions?.find((a) => a.AttributeName === name)?.AttributeType;
    if (!type || !TYPES[type]) throw new Error(`the store's table definition has no type for ${name}`);
    return { name, type: TYPES[type] };
  };
  const key = (type: 'HASH' | 'RANGE', schema = def.KeySchema) => schema?.find((k) => k.KeyType === type)?.AttributeName;
  const table = new Table(scope, 'GameTable', {
    tableName,
    partitionKey: attribute(key('HASH')!),
    sortKey: key('RANGE') ? attribute(key('RANGE')!) : undefined,
    billingMode: def.BillingMode === 'PROVISIONED' ? BillingMode.PROVISIONED : BillingMode.PAY_PER_REQUEST,
    stream: StreamViewType.NEW_IMAGE,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    timeToLiveAttribute: TTL_ATTRIBUTE,
    deletionProtection: true,
    removalPolicy: RemovalPolicy.RETAIN,
  });
  for (const index of def.GlobalSecondaryIndexes ?? []) {
    table.addGlobalSecondaryIndex({
      indexName: index.IndexName!,
      partitionKey: attribute(key('HASH', index.KeySchema)!),
      sortKey: key('RANGE', index.KeySchema) ? attribute(key('RANGE', index.KeySchema)!) : undefined,
    });
  }
  return table;
}

/** JSON access logs kept a month. */
function accessLogs(scope: Construct, id: string, fields: Record<string, string>): IAccessLogSettings {
  const group = new LogGroup(scope, id, { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
  return { destination: new LogGroupLogDestination(group), format: AccessLogFormat.custom(JSON.stringify(fields)) };
}

/**
 * The handler's bundle, built locally by infra/bundle.ts (no Docker); hashed by its output.
 * `codeCache` (CODE_CACHED functions): false ships no cache, a list of flags builds it with them.
 * CDK asks for each function's bundle in turn, synchronously: the first ask bundles them all in one
 * child process (`infra/bundle.ts --all`), and each ask moves its own out of that folder. One `tsx`
 * start and one esbuild service instead of eight: 5–9 s less CPU per synthesis (README, Tests).
 */
function bundled(name: BundleName, codeCache: false | readonly string[] | undefined, bundles: () => string): Code {
  const args = cacheArgs(codeCache);
  return Code.fromAsset(join(ROOT, 'services', 'handlers'), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:24'), // never pulled: local bundling always answers
      // Part of the asset cache key, which ignores tryBundle: without it the three functions would share one bundle.
      environment: { PARLOR_HANDLER: name, ...(args.length && { PARLOR_CODE_CACHE: args.join(' ') }) },
      local: {
        tryBundle(outputDir: string): boolean {
          takeBundle(bundles(), name, outputDir);
          return true;
        },
      },
    },
  });
}

/** infra/bundle.ts's flags for a CODE_CACHED function: false ships no cache, a list of V8 flags builds it with them; none for the others. */
function cacheArgs(codeCache: false | readonly string[] | undefined): string[] {
  return codeCache === undefined ? [] : codeCache === false ? ['--no-code-cache'] : [`--node-args=${codeCache.join(' ')}`];
}

/** Bundles every function of the stack into a temporary folder (removed with its last bundle taken, or at exit), in one child process; `args` reach the CODE_CACHED ones. */
function bundleEveryFunction(args: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'parlor-bundles-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'infra', 'bundle.ts'), '--all', dir, ...args], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (r.status !== 0) throw new Error(`bundling the functions failed (exit ${r.status ?? r.signal})`);
  return dir;
}

/** Moves one function's bundle into CDK's bundling folder (a rename on one file system, a copy across two). */
function takeBundle(dir: string, name: BundleName, to: string): void {
  const from = join(dir, name);
  if (!existsSync(join(from, 'index.mjs'))) throw new Error(`no bundle at ${from}: infra/bundle.ts --all makes each function's once, for one synthesis`);
  for (const entry of readdirSync(from)) {
    try {
      renameSync(join(from, entry), join(to, entry));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
      cpSync(join(from, entry), join(to, entry), { recursive: true });
    }
  }
  rmSync(from, { recursive: true, force: true });
  // A test worker is stopped without its exit handlers: the folder goes with its last bundle.
  if (readdirSync(dir).length === 0) rmSync(dir, { recursive: true, force: true });
}

/** The CDK app: Parlor's stack, checked by cdk-nag's AWS Solutions rules. */
export function parlorApp(app = new App(), id = 'Parlor', props: ParlorStackProps = {}): { app: App; stack: ParlorStack } {
  const stack = new ParlorStack(app, id, props);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return { app, stack };
}
