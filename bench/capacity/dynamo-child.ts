/** The embedded DynamoDB in a process of its own, so the capacity run times the handlers alone (bench/capacity/world.ts). */
import { startEmbeddedDynamo } from '../../services/store/index.js';

const dynamo = await startEmbeddedDynamo();
process.stdout.write(`endpoint ${dynamo.endpoint}\n`);
// Ends with its parent: a closed stdin pipe is not watched, so poll the parent.
const parent = process.ppid;
setInterval(() => {
  try {
    process.kill(parent, 0);
  } catch {
    void dynamo.close().finally(() => process.exit(0));
  }
}, 1000).unref();
process.on('SIGTERM', () => void dynamo.close().finally(() => process.exit(0)));
