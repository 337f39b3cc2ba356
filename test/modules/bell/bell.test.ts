/**
 * Adding a concern is its module and a place in the list: given the bell (./bell.ts) in the list,
 * `npm start`'s server serves its GraphQL field and REST route and runs its reaction, the Lambda
 * wiring runs its reaction on the stream, and the CDK stack grants the stream function its table
 * action — none of which exists without it.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { parlorApp } from '../../../infra/parlor-stack.js';
import { testApp } from '../../infra/app.js';
import { createParlor } from '../../../services/handlers/env.js';
import { TABLE_ACTIONS } from '../../../services/handlers/permissions.js';
import { MODULES } from '../../../services/modules/index.js';
import { tableActionsOf } from '../../../services/modules/module.js';
import { createAndJoin, registerPlayer } from '../../kit/players.js';
import { useServer } from '../../kit/server.js';
import { BELL_ACTION, bellModule } from './bell.js';

const bell = bellModule();
const server = useServer({ modules: [...MODULES, bell] });

describe('a module in the list', () => {
  it('on one machine: its GraphQL field and REST route are served, its reaction hears every commit', async () => {
    const players = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    const id = await createAndJoin(server, { game: 'sea-salt-and-paper', seats: 2 }, players);
    await server.play.settle();
    const version = (await server.gql('query($id: ID!) { game(id: $id) { version } }', { id })).data.game.version as number;
    expect(bell.rings(id)).toBe(version);
    expect((await server.gql('query($id: ID!) { bellRings(gameId: $id) }', { id })).data).toEqual({ bellRings: version });
    expect(await server.rest('GET', `/v1/games/${id}/bell`)).toEqual({ status: 200, body: { rings: version } });
  });

  it('on AWS: the stream function runs its reaction among the projections, after the base ones', () => {
    const client = new DynamoDBClient({ endpoint: 'http://127.0.0.1:9', region: 'local' });
    const names = (modules?: typeof MODULES) => createParlor({ client, tableName: 'parlor', modules }).projections.map((p) => p.name);
    expect(names([...MODULES, bellModule()]).at(-1)).toBe('bell');
    expect(names()).not.toContain('bell');
    client.destroy();
  });

  it('on AWS: the stack grants the stream function the table action it declares, and no other function', () => {
    const granted = (modules: typeof MODULES) => {
      const { stack } = parlorApp(testApp({ context: { 'aws:cdk:bundling-stacks': [] } }), 'Parlor', { modules });
      const policies = Object.values(Template.fromStack(stack).findResources('AWS::IAM::Policy')) as any[];
      const roleOf = (fn: 'graphql' | 'rest' | 'web' | 'ws' | 'stream' | 'timer') => stack.getLogicalId(stack.functions[fn].role!.node.defaultChild as any);
      return (fn: 'graphql' | 'rest' | 'web' | 'ws' | 'stream' | 'timer') =>
        policies.filter((p) => p.Properties.Roles.some((r: any) => r.Ref === roleOf(fn))).flatMap((p) => p.Properties.PolicyDocument.Statement.flatMap((s: any) => [s.Action].flat()));
    };
    const withBell = granted([...MODULES, bellModule()]);
    expect(withBell('stream')).toContain(BELL_ACTION);
    for (const fn of ['graphql', 'rest', 'web', 'ws', 'timer'] as const) expect(withBell(fn)).not.toContain(BELL_ACTION);
    expect(tableActionsOf('stream', TABLE_ACTIONS, MODULES)).not.toContain(BELL_ACTION);
  });
});
