/**
 * The rules-variant lab on AWS, beside the analytics (infra/analytics.ts): a Step Functions
 * Distributed Map whose items are a run's shards, each played by one invocation of the lab
 * function (services/handlers/lab.ts) and written as Parquet to `lab/<table>/run=<name>/` in the
 * analytics bucket; Glue tables lab_games, lab_events, lab_moves read every run (partition `run`,
 * projected: no crawler). A failed shard is retried; the run's per-shard results (what failed
 * and why) land under `lab-results/`. Started by `npm run lab` (services/analytics/cli/lab.ts).
 */
import { CfnResource, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { CfnDatabase } from 'aws-cdk-lib/aws-glue';
import { CfnTable } from 'aws-cdk-lib/aws-glue';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Bucket, CfnBucket } from 'aws-cdk-lib/aws-s3';
import { DefinitionBody, DistributedMap, Errors, JitterType, JsonPath, LogLevel, ProcessorMode, ProcessorType, ResultWriterV2, StateMachine, StateMachineType, Timeout } from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { STEPFUNCTIONS_USE_DISTRIBUTED_MAP_RESULT_WRITER_V2 } from 'aws-cdk-lib/cx-api';
import { Construct } from 'constructs';
import { LAB_PREFIX, LAB_RESULTS_PREFIX, LAB_TABLES, type LabTable } from '../services/analytics/lab.js';
import { LAKE_COLUMNS } from './analytics.js';

/** Shards played at once: well under the account's 1,000 concurrent Lambda invocations, which the game API shares. */
export const LAB_MAX_CONCURRENCY = 200;
/** The lab function: one vCPU (1,769 MB), Lambda's longest invocation. */
export const LAB_MEMORY_MB = 1769;
export const LAB_TIMEOUT = Duration.minutes(15);
/** Attempts after a failure (a throttle, a lost instance, a timeout): files are per shard, so a retry rewrites them. */
export const LAB_RETRIES = 2;

/** Glue column types of the lab's Parquet (the export's, plus the line-up, the moves' hash and the moves table). */
export const LAB_COLUMNS: Record<LabTable, Record<string, string>> = {
  games: { ...LAKE_COLUMNS.games, bots: 'array<string>', playshash: 'string' },
  events: { ...LAKE_COLUMNS.events },
  moves: { gameid: 'string', version: 'int', seat: 'int', at: 'timestamp', sincepreviousms: 'bigint', kind: 'string', by: 'string', command: 'string' },
};

/**
 * The Distributed Map's result writer, granted writes under its prefix only: CDK's own grants
 * them on the whole bucket (or, for a bucket named by path, on every bucket).
 */
class PrefixResultWriter extends ResultWriterV2 {
  constructor(
    private readonly target: Bucket,
    private readonly under: string,
  ) {
    super({ bucket: target, prefix: under });
  }

  override providePolicyStatements(): PolicyStatement[] {
    // Its results (manifest, SUCCEEDED_/FAILED_ files) go up in multipart uploads.
    return [new PolicyStatement({ actions: ['s3:PutObject', 's3:GetObject', 's3:ListMultipartUploadParts', 's3:AbortMultipartUpload'], resources: [this.target.arnForObjects(`${this.under}/*`)] })];
  }
}

export interface LabProps {
  bucket: Bucket;
  /** The shard function, bundled by the stack (services/handlers/lab.ts). */
  shardFunction: LambdaFunction;
  database: CfnDatabase;
  databaseName: string;
}

export class ParlorLab extends Construct {
  readonly stateMachine: StateMachine;
  readonly shardFunction: LambdaFunction;
  readonly map: DistributedMap;
  readonly tables: Record<LabTable, CfnTable>;

  constructor(scope: Construct, id: string, props: LabProps) {
    super(scope, id);
    // ResultWriterV2 (a bucket by path, no bucket-wide grant) renders only under its feature flag: on for this construct alone.
    this.node.setContext(STEPFUNCTIONS_USE_DISTRIBUTED_MAP_RESULT_WRITER_V2, true);
    const { bucket, shardFunction: fn } = props;
    this.shardFunction = fn;
    fn.addEnvironment('LAB_BUCKET', bucket.bucketName);
    // Writes its shard's files under lab/, nothing else.
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [bucket.arnForObjects(`${LAB_PREFIX}/*`)] }));

    const play = new LambdaInvoke(this, 'PlayShard', {
      lambdaFunction: fn,
      payloadResponseOnly: true,
      retryOnServiceExceptions: false,
      taskTimeout: Timeout.duration(LAB_TIMEOUT.plus(Duration.minutes(1))),
    });
    // A shard too large for one invocation fails again whatever the retry: the run needs more shards.
    play.addRetry({ errors: ['ShardTooLarge'], maxAttempts: 0 });
    play.addRetry({ errors: [Errors.ALL], maxAttempts: LAB_RETRIES, interval: Duration.seconds(10), backoffRate: 2, jitterStrategy: JitterType.FULL });

    this.map = new DistributedMap(this, 'Shards', {
      comment: 'One child execution per shard of the run',
      itemsPath: JsonPath.stringAt('$.shards'),
      itemSelector: { run: JsonPath.objectAt('$.run'), shard: JsonPath.numberAt('$$.Map.Item.Value') },
      maxConcurrency: LAB_MAX_CONCURRENCY,
      // The run says how many shards it may lose (npm run lab --tolerate, default 0: any lost shard fails the run).
      toleratedFailurePercentagePath: JsonPath.stringAt('$.toleratedFailurePercentage'),
      mapExecutionType: StateMachineType.STANDARD, // Express children stop at 5 minutes; a shard may take 15
      resultWriterV2: new PrefixResultWriter(bucket, LAB_RESULTS_PREFIX),
      resultPath: '$.results',
      label: 'LabShards',
    });
    this.map.itemProcessor(play, { mode: ProcessorMode.DISTRIBUTED, executionType: ProcessorType.STANDARD });

    const logs = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    this.stateMachine = new StateMachine(this, 'StateMachine', {
      comment: 'Parlor lab: a run of bot games, sharded over Lambda (npm run lab)',
      definitionBody: DefinitionBody.fromChainable(this.map),
      stateMachineType: StateMachineType.STANDARD,
      timeout: Duration.days(2),
      tracingEnabled: true,
      logs: { destination: logs, level: LogLevel.ALL, includeExecutionData: false },
    });

    const stack = Stack.of(this);
    const table = (name: LabTable) => {
      const location = `s3://${bucket.bucketName}/${LAB_PREFIX}/${name}/`;
      const t = new CfnTable(this, `${name[0]!.toUpperCase()}${name.slice(1)}Table`, {
        catalogId: stack.account,
        databaseName: props.databaseName,
        tableInput: {
          name: `lab_${name}`,
          tableType: 'EXTERNAL_TABLE',
          description: `Parlor lab runs (npm run lab): ${name} as Parquet, one file per shard, partitioned by run (WHERE run = 'lab-…')`,
          partitionKeys: [{ name: 'run', type: 'string' }],
          parameters: {
            classification: 'parquet',
            'projection.enabled': 'true',
            // Injected: a query names its run, and Athena reads that run's folder only.
            'projection.run.type': 'injected',
            'storage.location.template': `${location}run=\${run}/`,
          },
          storageDescriptor: {
            location,
            columns: Object.entries(LAB_COLUMNS[name]).map(([n, type]) => ({ name: n, type })),
            inputFormat: 'org.apache.hadoop.hive.ql.io.parquet.MapredParquetInputFormat',
            outputFormat: 'org.apache.hadoop.hive.ql.io.parquet.MapredParquetOutputFormat',
            serdeInfo: { serializationLibrary: 'org.apache.hadoop.hive.ql.io.parquet.serde.ParquetHiveSerDe' },
          },
        },
      });
      t.node.addDependency(props.database);
      return t;
    };
    this.tables = Object.fromEntries(LAB_TABLES.map((t) => [t, table(t)])) as Record<LabTable, CfnTable>;
    this.acknowledge(props);
  }

  /** cdk-nag (AWS Solutions) findings acknowledged, each with its reason. */
  private acknowledge({ bucket, shardFunction: fn }: LabProps): void {
    const ack = (scope: Construct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason });
    const bucketId = Stack.of(this).resolve((bucket.node.defaultChild as CfnBucket).logicalId);
    ack(fn.role!, 'AwsSolutions-IAM5[Resource::*]', 'X-Ray PutTraceSegments/PutTelemetryRecords (tracing) have no resource-level permissions: Resource "*" is their only form.');
    ack(fn.role!, `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${LAB_PREFIX}/*]`, 'Each shard writes its own files, named by run and shard at run time: PutObject under lab/ of the analytics bucket only.');
    const machine = this.stateMachine;
    const machineId = Stack.of(this).resolve((machine.node.defaultChild as CfnResource).logicalId);
    const fnId = Stack.of(this).resolve((fn.node.defaultChild as CfnResource).logicalId);
    ack(machine, 'AwsSolutions-IAM5[Resource::*]', 'X-Ray tracing and the log delivery to CloudWatch Logs (logs:CreateLogDelivery and kin) have no resource-level permissions: Resource "*" is their only form.');
    ack(machine, `AwsSolutions-IAM5[Resource::<${fnId}.Arn>:*]`, 'Invoking the lab function: its ARN and its versions or aliases (`:*`), as the Lambda task grants; no other function.');
    ack(machine, `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${LAB_RESULTS_PREFIX}/*]`, 'The Distributed Map writes each run’s result files (manifest, SUCCEEDED_/FAILED_ lists) under lab-results/, named by Step Functions at run time.');
    const executions = `arn:<AWS::Partition>:states:<AWS::Region>:<AWS::AccountId>:execution:{"Fn::Select":[6,{"Fn::Split":[":",{"Ref":"${machineId}"}]}]}`;
    for (const tail of [':*', '/LabShards:*']) {
      ack(machine, `AwsSolutions-IAM5[Resource::${executions}${tail}]`, 'The Distributed Map starts, describes and stops the child executions of this state machine’s own runs, named at run time: executions of this state machine only.');
    }
  }
}
