export * from './port.js';
export * from './schema.js';
export * from './dynamo.js';
export * from './embedded.js';
export * from './lobby.js';
export * from './query-all.js';
export * from './stats.js';
export * from './finished.js';
