/** Volume: 4 seats (longer games), in a file of its own so vitest runs it beside the others. */
import { bulkTests } from './bulk.js';

bulkTests([[4, 1000]]);
