/**
 * `npm run lab -- --game G --games K --shards N [--seats S] [--bots …] [--options JSON] [--seed S]
 * [--tolerate PCT] [--input FILE] [--state-machine ARN]`: starts a lab run on AWS (infra/lab.ts).
 * Writes the Step Functions execution input (the run's spec and its shard list) to a file and
 * prints the `aws stepfunctions start-execution` command; with a state machine ARN (or
 * LAB_STATE_MACHINE_ARN) and AWS credentials, starts the execution itself.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { LabSpec } from '../lab.js';
import { parseCli } from './args.js';

const USAGE = `usage: npm run lab -- --game G --games K --shards N [--seats S] [--bots greedy,…] [--options JSON] [--seed S]
       [--tolerate PCT] [--input FILE] [--state-machine ARN]

Starts a lab run on AWS: the Step Functions state machine of the stack (output LabStateMachineArn)
plays the run's N shards on Lambda, each the games of index ≡ I (mod N), exactly as
npm run simulate -- … --seed S --shard I/N would here, and writes them as Parquet under
lab/<table>/run=<name>/ in the analytics bucket (Athena: SELECT … FROM lab_games WHERE run = '<name>').
  --seats S        default 3
  --seed S         default a fresh one (printed: the run is reproducible from it)
  --tolerate PCT   shards (in %) the run may lose and still succeed (default 0)
  --input FILE     where the execution input is written (default lab-<name>.json)
  --state-machine  start the execution with the AWS SDK (default: LAB_STATE_MACHINE_ARN; neither: print the aws CLI command)
Each shard must finish within Lambda's 15 minutes (docs/analytics.md gives CPU per game).`;

const { values } = parseCli(USAGE, {
  options: {
    game: { type: 'string' },
    games: { type: 'string' },
    shards: { type: 'string' },
    seats: { type: 'string', default: '3' },
    bots: { type: 'string' },
    options: { type: 'string' },
    seed: { type: 'string' },
    tolerate: { type: 'string', default: '0' },
    input: { type: 'string' },
    'state-machine': { type: 'string' },
  },
});

async function main(): Promise<number> {
  // Imported after the arguments are read: --help and a wrong flag answer without loading the engine and the bots.
  const [{ checkLabSpec, LAB_PREFIX, LAB_RESULTS_PREFIX, labRunName }, { shardGames }] = await Promise.all([import('../lab.js'), import('../shard.js')]);
  if (!values.game || !values.games || !values.shards) {
    console.error(USAGE);
    return 2;
  }
  let spec: LabSpec;
  let tolerate: number;
  try {
    const options = values.options === undefined ? {} : (JSON.parse(values.options) as unknown);
    spec = { game: values.game, seats: Number(values.seats), games: Number(values.games), options, bots: values.bots, seed: values.seed ?? randomBytes(16).toString('hex'), shards: Number(values.shards) };
    tolerate = Number(values.tolerate);
    if (!(tolerate >= 0 && tolerate <= 100)) throw new Error('--tolerate takes a percentage, 0 to 100');
    checkLabSpec(spec);
  } catch (e) {
    console.error(`lab: ${(e as Error).message}`);
    return 2;
  }
  const name = labRunName(spec);
  const input = { run: { ...spec, name }, shards: [...Array(spec.shards).keys()], toleratedFailurePercentage: tolerate };
  const file = values.input ?? `${name}.json`;
  await writeFile(file, `${JSON.stringify(input)}\n`);
  console.log(`run ${name}: ${spec.games} ${spec.game} games (${spec.seats} seats, bots ${spec.bots ?? 'greedy'}) in ${spec.shards} shards of ${shardGames(spec.games, { index: 0, count: spec.shards })} games at most; seed ${spec.seed}`);
  console.log(`execution input: ${file}`);
  console.log(`writes s3://<AnalyticsBucketName>/${LAB_PREFIX}/{games,events,moves}/run=${name}/, per-shard results under ${LAB_RESULTS_PREFIX}/`);
  const arn = values['state-machine'] ?? process.env.LAB_STATE_MACHINE_ARN;
  if (!arn) {
    console.log(`start it with:\n  aws stepfunctions start-execution --state-machine-arn <LabStateMachineArn> --name ${name} --input file://${file}`);
    return 0;
  }
  try {
    const { SFNClient, StartExecutionCommand } = await import('@aws-sdk/client-sfn');
    const started = await new SFNClient({}).send(new StartExecutionCommand({ stateMachineArn: arn, name, input: JSON.stringify(input) }));
    console.log(`started ${started.executionArn} at ${started.startDate?.toISOString()}`);
    console.log(`follow it with: aws stepfunctions describe-execution --execution-arn ${started.executionArn}`);
    return 0;
  } catch (e) {
    console.error(`lab: StartExecution failed: ${(e as Error).message}`);
    return 1;
  }
}

process.exitCode = await main();
