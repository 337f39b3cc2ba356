/**
 * The lab on AWS in the synthesized template (infra/lab.ts): the state machine's definition is
 * valid Amazon States Language (asl-validator) and runs a run's shards as a Distributed Map of
 * Standard child executions, at most LAB_MAX_CONCURRENCY at once, each shard retried (but not one
 * too large for an invocation), failures tolerated only as the run says and listed under
 * lab-results/; the shard function fits Lambda's 15 minutes on one vCPU and writes only under
 * lab/; Glue reads every run by its name.
 */
import { describe, expect, it } from 'vitest';
import { plainStack } from './stacks.js';
import { LAB_MAX_CONCURRENCY, LAB_MEMORY_MB, LAB_RETRIES } from '../../infra/lab.js';
import { LAB_PREFIX, LAB_RESULTS_PREFIX } from '../../services/analytics/lab.js';

const { stack, template } = plainStack();
const t = template.toJSON();
const resources = t.Resources as Record<string, any>;
const logicalId = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as any);
const machine = resources[logicalId(stack.lab.stateMachine)]!.Properties;
const fnId = logicalId(stack.lab.shardFunction);
const fn = resources[fnId]!.Properties;
const bucketId = logicalId(stack.analytics.bucket);

/** The definition as deployed, CloudFormation's references written as placeholder ARNs and names. */
function definition(): any {
  const join = machine.DefinitionString['Fn::Join'] as [string, unknown[]];
  const placeholder = (part: any) => {
    if (typeof part === 'string') return part;
    if (part.Ref === 'AWS::Partition') return 'aws';
    if (part['Fn::GetAtt']?.[0] === fnId) return 'arn:aws:lambda:us-east-1:123456789012:function:parlor-lab';
    if (part.Ref === bucketId) return 'parlor-analytics';
    throw new Error(`unexpected reference in the definition: ${JSON.stringify(part)}`);
  };
  return JSON.parse(join[1].map(placeholder).join(join[0]));
}

const policies = (roleId: string) =>
  Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: any) => x.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement) as { Action: string | string[]; Resource: unknown }[];
const s3Statements = (roleId: string) => policies(roleId).filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));

describe('the lab on AWS', () => {
  const asl = definition();
  const map = asl.States.Shards;
  const task = map.ItemProcessor.States.PlayShard;

  it('is valid Amazon States Language (asl-validator)', async () => {
    const validate = (await import('asl-validator' as string)).default as (d: unknown, o?: unknown) => { isValid: boolean; errors: unknown[] };
    const verdict = validate(asl);
    expect(verdict.errors).toEqual([]);
    expect(verdict.isValid).toBe(true);
    // The validator is live: a map whose processor starts at a state it does not have is refused.
    const broken = structuredClone(asl);
    broken.States.Shards.ItemProcessor.StartAt = 'Nowhere';
    expect(validate(broken).isValid).toBe(false);
  });

  it('plays the run’s shards as a Distributed Map of Standard child executions, bounded in concurrency', () => {
    expect(map).toMatchObject({ Type: 'Map', ItemsPath: '$.shards', ItemProcessor: { ProcessorConfig: { Mode: 'DISTRIBUTED', ExecutionType: 'STANDARD' } } });
    expect(map.MaxConcurrency).toBe(LAB_MAX_CONCURRENCY);
    expect(map.MaxConcurrency).toBeLessThanOrEqual(500); // the account's 1,000 concurrent invocations are shared with the game API
    expect(map.ItemSelector).toEqual({ 'run.$': '$.run', 'shard.$': '$$.Map.Item.Value' });
    expect(task).toMatchObject({ Type: 'Task', Resource: 'arn:aws:lambda:us-east-1:123456789012:function:parlor-lab' });
    expect(machine.StateMachineType ?? 'STANDARD').toBe('STANDARD');
  });

  it('retries a failed shard (not one too large for an invocation), and reports failures: tolerated only as the run says, listed under lab-results/', () => {
    expect(task.Retry).toEqual([
      { ErrorEquals: ['ShardTooLarge'], MaxAttempts: 0 },
      { ErrorEquals: ['States.ALL'], MaxAttempts: LAB_RETRIES, IntervalSeconds: 10, BackoffRate: 2, JitterStrategy: 'FULL' },
    ]);
    expect(LAB_RETRIES).toBeGreaterThanOrEqual(1);
    expect(map.ToleratedFailurePercentagePath).toBe('$.toleratedFailurePercentage');
    expect(map.ResultWriter).toMatchObject({ Resource: 'arn:aws:states:::s3:putObject', Parameters: { Bucket: 'parlor-analytics', Prefix: LAB_RESULTS_PREFIX } });
  });

  it('the shard function: within Lambda’s 15 minutes (the task waits a little longer), one vCPU, x86_64 for DuckDB, room in /tmp', () => {
    expect(fn.Timeout).toBeLessThanOrEqual(900);
    expect(fn.Timeout).toBe(900);
    expect(task.TimeoutSeconds).toBeGreaterThan(fn.Timeout);
    expect(fn.MemorySize).toBe(LAB_MEMORY_MB);
    expect(fn).toMatchObject({ Architectures: ['x86_64'], MemorySize: 1769, EphemeralStorage: { Size: 2048 }, TracingConfig: { Mode: 'Active' } });
    expect(fn.Environment.Variables).toMatchObject({ LAB_BUCKET: { Ref: bucketId } });
  });

  it('writes only under lab/ (the function) and lab-results/ (the state machine): nothing bucket-wide', () => {
    const fnRole = logicalId(stack.lab.shardFunction.role as any);
    const fnS3 = s3Statements(fnRole);
    expect(fnS3.flatMap((s) => [s.Action].flat())).toEqual(['s3:PutObject']);
    expect(JSON.stringify(fnS3[0]!.Resource)).toContain(`/${LAB_PREFIX}/*`);
    const machineS3 = s3Statements(logicalId(stack.lab.stateMachine.role));
    expect(machineS3.length).toBeGreaterThan(0);
    for (const s of machineS3) expect(JSON.stringify(s.Resource)).toContain(`/${LAB_RESULTS_PREFIX}/*`);
    expect(policies(fnRole).flatMap((s) => [s.Action].flat()).filter((a) => a.startsWith('dynamodb:'))).toEqual([]);
  });

  it('Glue tables lab_games, lab_events, lab_moves: Parquet under lab/<table>/, partitioned by the run’s name (projected)', () => {
    const tables = Object.values(resources)
      .filter((r) => r.Type === 'AWS::Glue::Table' && r.Properties.TableInput.Name.startsWith('lab_'))
      .map((r) => r.Properties.TableInput);
    expect(tables.map((x) => x.Name).sort()).toEqual(['lab_events', 'lab_games', 'lab_moves']);
    for (const table of tables) {
      expect(table.PartitionKeys).toEqual([{ Name: 'run', Type: 'string' }]);
      expect(table.Parameters).toMatchObject({ classification: 'parquet', 'projection.enabled': 'true', 'projection.run.type': 'injected' });
      expect(JSON.stringify(table.Parameters['storage.location.template'])).toContain(`/${LAB_PREFIX}/${table.Name.slice(4)}/run=\${run}/`);
    }
    const games = tables.find((x) => x.Name === 'lab_games')!;
    expect(games.StorageDescriptor.Columns.map((c: any) => c.Name)).toEqual(expect.arrayContaining(['id', 'result', 'bots', 'moves']));
  });
});
