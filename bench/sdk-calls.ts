/**
 * What the AWS SDK costs per DynamoDB call (issue 26 §2's lead), side by side in one run (not part
 * of `npm run bench`; `npx tsx bench/sdk-calls.ts`, CALLS=2000): the same conditional PutItem of a
 * commit-sized item through the document client (as the read models write), the plain client with
 * the attributes written by hand (as the event store's append), the plain client with
 * `cacheMiddleware` (the stack resolved once per command class; the document client refuses it),
 * and the bare HTTP request (dynalite checks no signature here): the floor under the SDK.
 * Wall time and this process's CPU time (the embedded server's included), p50 per call.
 */
import http from 'node:http';
import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { ensureTable, localClient, OPEN_CREDENTIALS, startEmbeddedDynamo } from '../services/store/index.js';
import { summary } from './stats.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const calls = Number(process.env.CALLS ?? 2000);
const dynamo = await startEmbeddedDynamo();
const client = localClient(dynamo.endpoint);
await ensureTable(client, 'bench');
const doc = DynamoDBDocumentClient.from(client);
const cached = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'local', credentials: OPEN_CREDENTIALS, cacheMiddleware: true });
const condition = { ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': 'pk' } };
const item = (pk: string) => ({ pk, sk: 'v#0000000001', version: 1, events: JSON.stringify(Array.from({ length: 6 }, (_, i) => ({ type: 'played', seat: i % 4, cards: [i, i + 1, i + 2] }))), at: new Date(0).toISOString(), seat: 1, attemptId: '7d1c3b9e-1f0a-4a51-9a0e-2b7f1c9d8e01' });

const agent = new http.Agent({ keepAlive: true });
const { hostname, port } = new URL(dynamo.endpoint);
/** PutItem as its bare HTTP request: what is left when the SDK's pipeline is taken away. */
const wire = (Item: object) =>
  new Promise<void>((resolve, reject) => {
    const body = JSON.stringify({ TableName: 'bench', Item: marshall(Item), ...condition });
    const headers = { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.PutItem', 'x-amz-date': '20260101T000000Z', authorization: 'AWS4-HMAC-SHA256 Credential=local/20260101/local/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=0', 'content-length': Buffer.byteLength(body) };
    const req = http.request({ hostname, port, path: '/', method: 'POST', agent, headers }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`PutItem answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(body);
  });

const ways: Record<string, (pk: string) => Promise<unknown>> = {
  document: (pk) => doc.send(new PutCommand({ TableName: 'bench', Item: item(pk), ...condition })),
  plain: (pk) => client.send(new PutItemCommand({ TableName: 'bench', Item: marshall(item(pk)), ...condition })),
  cacheMiddleware: (pk) => cached.send(new PutItemCommand({ TableName: 'bench', Item: marshall(item(pk)), ...condition })),
  wire: (pk) => wire(item(pk)),
};
const wall: Record<string, number[]> = {};
const cpu: Record<string, number[]> = {};
for (let i = 0; i < calls; i++) {
  for (const [name, put] of Object.entries(ways)) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await put(`${name}#${i}`);
    (wall[name] ??= []).push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    (cpu[name] ??= []).push((c.user + c.system) / 1000);
  }
}
const floor = summary(wall.wire!).p50;
for (const name of Object.keys(ways)) {
  const w = summary(wall[name]!);
  console.log(`${name.padEnd(16)} wall p50 ${w.p50.toFixed(3)} ms (${(w.p50 / floor).toFixed(2)}× the bare request)  CPU p50 ${summary(cpu[name]!).p50.toFixed(3)} ms`);
}
agent.destroy();
cached.destroy();
client.destroy();
await dynamo.close();
