/** Volume: 5 seats (the longest games), in a file of its own so vitest runs it beside the others. */
import { bulkTests } from './bulk.js';

bulkTests([[5, 1000]]);
