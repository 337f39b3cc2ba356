/**
 * `npm run soak`, the sections of issue 26's hardening round: memory over many ordinary reads
 * (RSS per pass: it must level off, not rise every pass), the allowed-but-expensive catalog
 * query (refused by cost, or cheap), and the embedded DynamoDB refusing another access key.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { catalogBomb } from './catalog-cost.js';
import { ENDPOINT_FILE, localClient } from '../services/store/index.js';

type Gql = (query: string, variables?: object, token?: string) => Promise<{ status: number; json: any; ms: number }>;
const codeOf = (r: { json: any }) => r.json?.errors?.[0]?.extensions?.code ?? r.json?.error?.code;

/** Reads `games` games `passes` times (spectator, seat and REST reads) and prints the server's RSS after each pass. */
export async function memoryOverReads(gql: Gql, rest: (path: string) => Promise<unknown>, rssMiB: () => number, games: number, passes: number) {
  const ids: { id: string; token: string }[] = [];
  for (let i = 0; i < games; i++) {
    const id = (await gql('mutation { createGame(input: { game: "scout", seats: 3 }) { game { id } } }')).json.data.createGame.game.id;
    let token = '';
    for (let s = 0; s < 3; s++) token = (await gql('mutation($id: ID!) { joinGame(gameId: $id, name: "p") { token } }', { id })).json.data.joinGame.token;
    ids.push({ id, token });
  }
  const rss = [rssMiB()];
  for (let p = 0; p < passes; p++) {
    for (const { id, token } of ids) {
      await gql('query($id: ID!) { game(id: $id) { version view legalMoves history { type } } }', { id });
      await gql('query($id: ID!) { game(id: $id) { version view legalMoves } }', { id }, token);
      await rest(`/v1/games/${id}`);
    }
    rss.push(rssMiB());
  }
  return { games, passes, readsPerPass: games * 3, rssMiBBeforeAndAfterEachPass: rss };
}

/** 30 aliases of the whole catalog (refused by cost) and 5 (allowed): answer, bytes, time. */
export async function catalogQuery(gql: Gql) {
  const asked = async (aliases: number) => {
    const r = await gql(catalogBomb(aliases));
    return { aliases, answer: codeOf(r) ?? r.status, bytes: Buffer.byteLength(JSON.stringify(r.json)), ms: Math.round(r.ms) };
  };
  return [await asked(30), await asked(5)];
}

/** A Scan of the embedded DynamoDB signed with another access key (refused) and with the server's (served). */
export async function embeddedCredential(dataDir: string) {
  const { endpoint, credentials } = JSON.parse(readFileSync(join(dataDir, ENDPOINT_FILE), 'utf8'));
  const scan = async (c: { accessKeyId: string; secretAccessKey: string }) => {
    const client = localClient(endpoint, c);
    try {
      return `${(await client.send(new ScanCommand({ TableName: 'parlor', Limit: 1 }))).Count} item`;
    } catch (e) {
      return (e as Error).name;
    } finally {
      client.destroy();
    }
  };
  return { otherKey: await scan({ accessKeyId: 'local', secretAccessKey: 'local' }), serversKey: await scan(credentials) };
}
