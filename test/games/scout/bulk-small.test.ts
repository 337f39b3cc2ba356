/** Volume: thousands of games at 2 and 3 seats, every invariant after every command, deep checks every 100 (bulk.ts). */
import { bulkTests } from './bulk.js';

bulkTests([
  [2, 2000],
  [3, 1000],
]);
