/**
 * Analytics on AWS: the scheduled export function writes finished games as Parquet, partitioned by
 * game type and day, to a bucket; Glue tables describe the two tables (partition projection, so no
 * crawler and no partition upkeep); an Athena workgroup holds the standard queries and keeps its
 * results in the same bucket, encrypted.
 */
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { CfnNamedQuery, CfnWorkGroup } from 'aws-cdk-lib/aws-athena';
import { OWNER_INDEX } from '../services/store/schema.js';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import { CfnDatabase, CfnTable } from 'aws-cdk-lib/aws-glue';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { games as registry } from '../services/engine/registry.js';
import { PARTITIONS } from '../services/analytics/partitioned.js';

/** Glue column types of the export's Parquet files (services/analytics/parquet.ts). */
export const LAKE_COLUMNS = {
  games: {
    id: 'string',
    type: 'string',
    seats: 'int',
    options: 'string',
    seedhash: 'string',
    seed: 'string',
    seedfixed: 'boolean',
    createdat: 'timestamp',
    endedat: 'timestamp',
    endreason: 'string',
    players: 'array<struct<seat:int,name:string,entropy:string,playerid:string,bot:struct<kind:string,level:int>>>',
    resigned: 'array<int>',
    forfeited: 'array<int>',
    timedout: 'array<int>',
    botseats: 'array<int>',
    result: 'struct<scores:array<double>,winners:array<int>>',
    startseats: 'array<int>',
    commits: 'int',
    events: 'int',
    moves: 'int',
  },
  events: { gameid: 'string', version: 'int', index: 'int', seat: 'int', at: 'timestamp', type: 'string', event: 'string' },
} as const;

const LAKE_PREFIXES = Object.keys(LAKE_COLUMNS);

/**
 * A game's line-up in Athena's SQL, as `npm run stats` and Query.stats split it: "all human" when no
 * seat was ever a bot's (botseats; partitions written before that column: no declared bot,
 * resignation or forfeit), else "with bots".
 */
export const LAKE_LINEUP_SQL = `CASE WHEN coalesce(cardinality(botseats) = 0, cardinality(filter(players, p -> p.bot IS NOT NULL)) = 0 AND cardinality(resigned) = 0 AND cardinality(forfeited) = 0) THEN 'all human' ELSE 'with bots' END`;

/** A seat's share of a game's win: a tie splits it (the one definition of a win, as in npm run stats and Query.stats). */
const WIN_SHARE = (seat: string) => `IF(contains(result.winners, ${seat}), 1.0 / cardinality(result.winners), 0.0)`;

/** The games with a result, each with its line-up: option sets and line-ups are never pooled. */
const FINISHED = `finished AS (SELECT *, ${LAKE_LINEUP_SQL} AS lineup FROM games WHERE result IS NOT NULL)`;

/** The standard queries, saved in the workgroup (Athena's SQL over the Glue tables). */
export const STANDARD_QUERIES: Record<string, { description: string; sql: string }> = {
  'Win rate by seat': {
    description: 'Per game type, seat count, option set and line-up: each seat’s wins and win rate (a tie splits the win)',
    sql: `WITH ${FINISHED}
SELECT type, seats, options, lineup, seat, count(*) AS games, sum(${WIN_SHARE('seat')}) AS wins,
  round(sum(${WIN_SHARE('seat')}) / count(*), 4) AS rate
FROM finished CROSS JOIN UNNEST(sequence(0, seats - 1)) AS t(seat)
GROUP BY type, seats, options, lineup, seat ORDER BY type, seats, options, lineup, seat`,
  },
  'Win rate by start position': {
    description: 'The first player: position 1 is the seat that starts round 1 as the rules choose it (startseats), then the seats in order of play; per game type, seat count, option set and line-up (a tie splits the win)',
    sql: `WITH ${FINISHED}
SELECT type, seats, options, lineup, position + 1 AS start_position, count(*) AS games,
  sum(${WIN_SHARE('(startseats[1] + position) % seats')}) AS wins,
  round(sum(${WIN_SHARE('(startseats[1] + position) % seats')}) / count(*), 4) AS rate
FROM finished CROSS JOIN UNNEST(sequence(0, seats - 1)) AS t(position) WHERE cardinality(startseats) > 0
GROUP BY type, seats, options, lineup, position ORDER BY type, seats, options, lineup, position`,
  },
  'Game length': {
    description: 'Per game type, seat count, option set and line-up: moves, commits and wall time, median and 90th percentile',
    sql: `WITH ${FINISHED}
SELECT type, seats, options, lineup, count(*) AS games,
  approx_percentile(moves, 0.5) AS moves_median, approx_percentile(moves, 0.9) AS moves_p90,
  approx_percentile(commits, 0.5) AS commits_median, approx_percentile(commits, 0.9) AS commits_p90,
  approx_percentile(date_diff('second', createdat, endedat), 0.5) AS seconds_median
FROM finished GROUP BY type, seats, options, lineup ORDER BY type, seats, options, lineup`,
  },
  'Games per day': {
    description: 'Finished games per day and game type (reads only the partitions it names)',
    sql: `SELECT ended, game, count(*) AS games FROM games WHERE ended >= date_format(current_date - interval '30' day, '%Y-%m-%d')
GROUP BY ended, game ORDER BY ended DESC, game`,
  },
  'Sea Salt & Paper calls': {
    description: 'STOP and LAST CHANCE calls, and how often a LAST CHANCE bet is won',
    sql: `SELECT json_extract_scalar(event, '$.reason') AS reason, count(*) AS rounds,
  count_if(json_extract_scalar(event, '$.betWon') = 'true') AS bets_won
FROM events WHERE game = 'sea-salt-and-paper' AND type = 'RoundEnded' GROUP BY 1 ORDER BY 1`,
  },
};

export interface AnalyticsProps {
  table: { tableName: string; tableArn: string };
  exportFunction: LambdaFunction;
  tableActions: readonly string[];
  databaseName: string;
}

export class ParlorAnalytics extends Construct {
  readonly bucket: Bucket;
  readonly database: CfnDatabase;
  readonly tables: Record<keyof typeof LAKE_COLUMNS, CfnTable>;
  readonly workGroup: CfnWorkGroup;
  readonly schedule: Rule;

  constructor(scope: Construct, id: string, props: AnalyticsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.bucket = new Bucket(this, 'Bucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: false,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ prefix: 'athena-results/', expiration: Duration.days(30) }],
    });

    const fn = props.exportFunction;
    fn.addEnvironment('EXPORT_BUCKET', this.bucket.bucketName);
    // The table and the owner index only (table.grant would add every index): the export finds the
    // games that ended in the index, then reads their commits from the table.
    fn.addToRolePolicy(new PolicyStatement({ actions: [...props.tableActions], resources: [props.table.tableArn, `${props.table.tableArn}/index/${OWNER_INDEX.name}`] }));
    // Writes objects, nothing else (grantPut would add tagging, retention and multipart aborts).
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: LAKE_PREFIXES.map((p) => this.bucket.arnForObjects(`${p}/*`)) }));
    // Daily, shortly after midnight UTC: yesterday whole, and today so far (rewritten tomorrow).
    this.schedule = new Rule(this, 'DailyExport', {
      description: 'Parlor: export finished games to the analytics bucket',
      schedule: Schedule.cron({ minute: '30', hour: '0' }),
      targets: [new LambdaTarget(fn, { retryAttempts: 2, maxEventAge: Duration.hours(6) })],
    });

    this.database = new CfnDatabase(this, 'Database', { catalogId: stack.account, databaseInput: { name: props.databaseName, description: 'Parlor finished games (npm run export format)' } });
    const types = registry.map((g) => g.id).join(',');
    const table = (name: keyof typeof LAKE_COLUMNS) => {
      const location = `s3://${this.bucket.bucketName}/${name}/`;
      const t = new CfnTable(this, `${name[0]!.toUpperCase()}${name.slice(1)}Table`, {
        catalogId: stack.account,
        databaseName: props.databaseName,
        tableInput: {
          name,
          tableType: 'EXTERNAL_TABLE',
          description: `Parlor export: ${name}.ndjson as Parquet, partitioned by ${PARTITIONS.join(' and ')}`,
          partitionKeys: PARTITIONS.map((p) => ({ name: p, type: 'string' })),
          parameters: {
            classification: 'parquet',
            'projection.enabled': 'true',
            'projection.game.type': 'enum',
            'projection.game.values': types,
            'projection.ended.type': 'date',
            'projection.ended.format': 'yyyy-MM-dd',
            'projection.ended.range': '2026-01-01,NOW',
            'projection.ended.interval': '1',
            'projection.ended.interval.unit': 'DAYS',
            'storage.location.template': `${location}game=\${game}/ended=\${ended}/`,
          },
          storageDescriptor: {
            location,
            columns: Object.entries(LAKE_COLUMNS[name]).map(([n, type]) => ({ name: n, type })),
            inputFormat: 'org.apache.hadoop.hive.ql.io.parquet.MapredParquetInputFormat',
            outputFormat: 'org.apache.hadoop.hive.ql.io.parquet.MapredParquetOutputFormat',
            serdeInfo: { serializationLibrary: 'org.apache.hadoop.hive.ql.io.parquet.serde.ParquetHiveSerDe' },
          },
        },
      });
      t.node.addDependency(this.database);
      return t;
    };
    this.tables = { games: table('games'), events: table('events') };

    this.workGroup = new CfnWorkGroup(this, 'WorkGroup', {
      name: `${props.databaseName}-queries`,
      description: 'Parlor analytics: the standard queries over the exported games',
      state: 'ENABLED',
      recursiveDeleteOption: true,
      workGroupConfiguration: {
        enforceWorkGroupConfiguration: true,
        publishCloudWatchMetricsEnabled: true,
        bytesScannedCutoffPerQuery: 10 * 1024 ** 3,
        resultConfiguration: {
          outputLocation: `s3://${this.bucket.bucketName}/athena-results/`,
          encryptionConfiguration: { encryptionOption: 'SSE_S3' },
        },
      },
    });
    for (const [name, q] of Object.entries(STANDARD_QUERIES)) {
      const query = new CfnNamedQuery(this, `Query${name.replace(/[^A-Za-z]/g, '')}`, {
        name,
        description: q.description,
        database: props.databaseName,
        queryString: q.sql,
        workGroup: this.workGroup.ref,
      });
      query.node.addDependency(this.workGroup);
    }
    this.acknowledge(fn);
  }

  /** cdk-nag (AWS Solutions) findings acknowledged, each with its reason. */
  private acknowledge(fn: LambdaFunction): void {
    const ack = (scope: Construct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason });
    ack(
      this.bucket,
      'AwsSolutions-S1',
      'Server access logs would record the export function’s daily writes and Athena’s reads, both already in CloudTrail and the workgroup’s query history; the bucket is private, SSE-S3 encrypted and TLS-only.',
    );
    ack(fn.role!, 'AwsSolutions-IAM5[Resource::*]', 'X-Ray PutTraceSegments/PutTelemetryRecords (tracing) have no resource-level permissions: Resource "*" is their only form.');
    const bucketId = Stack.of(this).resolve((this.bucket.node.defaultChild as CfnBucket).logicalId);
    for (const prefix of LAKE_PREFIXES) {
      ack(
        fn.role!,
        `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${prefix}/*]`,
        `The export writes one Parquet file per game type and day under ${prefix}/, named at run time: PutObject on that prefix of this bucket only.`,
      );
    }
  }
}
