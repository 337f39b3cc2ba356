export * from './decider.js';
export * from './emitter.js';
export * from './errors.js';
export * from './rng.js';
export * from './random.js';
export * from './table.js';
export * from './bot.js';
export * from './immutable.js';
