/**
 * The whole-run figure's process (bench/simulate.ts, `benchSimulateRun`), started by the bench
 * with V8's garbage collector on each thread itself (`--single-threaded-gc`): with the default
 * parallel scavenger, helper threads shared by the whole process do part of every thread's
 * collection, and on a loaded machine they spin waiting for each other (here 50–120% of an
 * allocating thread's own CPU at load 20, none at all with the flag), so per-thread CPU would
 * leave out a part of each side's cost, and process CPU would bill the spinning to whoever ran.
 * With the flag, each thread pays for its own garbage.
 *   node --single-threaded-gc --import tsx bench/simulate-whole.ts '{"game":"scout","seats":2,"warm":1,"seconds":1,"windows":3}'
 * prints the figure as JSON, with the lab's unit on a thread of its own beside the engine's (`benchUnitThread`) first.
 */
import { findGame } from '../services/engine/registry.js';
import { benchSimulateRun, benchUnitThread } from './simulate.js';

const { game, seats, ...o } = JSON.parse(process.argv[2] ?? '{}') as { game: string; seats: number; warm: number; seconds: number; windows: number; format?: 'compact' | 'both' };
const unit = await benchUnitThread(findGame(game)!, seats, o);
const whole = await benchSimulateRun(findGame(game)!, seats, o);
console.log(JSON.stringify({ ...whole, unit }));
