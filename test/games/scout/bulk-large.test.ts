/** Volume: 4 and 5 seats (longer games), in a file of their own so vitest runs it beside bulk-small. */
import { bulkTests } from './bulk.js';

bulkTests([
  [4, 60],
  [5, 40],
]);
