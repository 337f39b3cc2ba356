/**
 * The one way Parlor makes a DynamoDB document client. `DynamoDBDocumentClient.from` writes its
 * marshalling options onto the DynamoDB client's shared config (aws-sdk-js-v3 #6545), so two
 * document clients over one client with different options would both use whichever was made
 * last: every store, in whatever order it is built, must ask for the same options. So there is one
 * document client per client, made at the first store's ask: each `from` builds a client of its own
 * (a middleware stack, the client's middleware listed), and a cold start's wiring made 25.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** An absent optional attribute is left out of the item, not an error. */
const TRANSLATE = { marshallOptions: { removeUndefinedValues: true } };

const made = new WeakMap<DynamoDBClient, DynamoDBDocumentClient>();

export function documentClient(client: DynamoDBClient): DynamoDBDocumentClient {
  let doc = made.get(client);
  if (!doc) made.set(client, (doc = DynamoDBDocumentClient.from(client, TRANSLATE)));
  return doc;
}

/** What most stores are: a document client over the one client, and the table they keep items in. */
export abstract class TableStore {
  protected readonly doc: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    protected readonly table: string,
  ) {
    this.doc = documentClient(client);
  }
}
