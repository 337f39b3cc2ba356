/**
 * One game of a lab run, as export lines: the unit both `npm run simulate` (its worker threads)
 * and the AWS lab's shard function (services/handlers/lab.ts) play, so a shard played on
 * Lambda is record for record the shard played here.
 */
import type { AnyGame, Bot, GameCreated, GameEnded, TableEvent } from '../engine/core/index.js';
import type { GameCancelled } from '../app/app-events.js';
import { isAppEventType } from '../app/app-events.js';
import { botGame, playBotGame, systemTime } from './bot-game.js';
import { gameLines, moveCount, type GameLines } from './ndjson.js';
import { labFacts, playsHash, playsOf, PlaysText } from './plays.js';
import { gameFacts, type Ending } from './record.js';
import { seatsFacts, type SeatsFacts } from './seats.js';
import { START_SEAT_OF, START_SEAT_TYPES } from './start-seats.js';
import { gameSeed, type WorkerTask } from './simulate.js';

export type LabGameTask = Pick<WorkerTask, 'seats' | 'options' | 'lineup' | 'runSeed' | 'runId' | 'trajectories' | 'maxMoves'> & Partial<Pick<WorkerTask, 'compact'>>;

/** A lab game's lines, whether it stopped at the move cap, and its moves (as its games line counts them). */
export interface LabGame {
  lines: GameLines;
  capped: boolean;
  moves: number;
}

/**
 * Game `i` of the run: its seeds and id come from the run's seed and `i` alone. A game still
 * running at the move cap is stopped there and written flagged `move-cap` (`capped`). A compact
 * run (`task.compact`) writes its games line and its moves only (services/analytics/plays.ts).
 */
export function labGame(game: AnyGame, task: LabGameTask, bots: readonly Bot[], i: number): LabGame {
  if (task.compact) return compactGame(game, task, bots, i);
  const id = `${task.runId}-${i}`;
  const commits = botGame(game, { seats: task.seats, options: task.options, bots, ...gameSeed(task.runSeed, i), maxMoves: task.maxMoves });
  // Each game's line records who played each seat, so `npm run stats` can split by line-up.
  const facts = labFacts(gameFacts(id, commits, { moveCap: true })!, task.lineup, playsOf(commits));
  return { lines: gameLines(facts, commits, { trajectories: task.trajectories }), capped: facts.endReason === 'move-cap', moves: moveCount(commits) };
}

/** The lab's clock, one per thread: a game takes well under a millisecond, so most games read the ISO string made for the last. */
const clock = systemTime();

/**
 * The compact record's lines of game `i`, gathered as the game is played: the moves' text, the
 * counts, start seats and ending. No commit is kept and no facts object is made: the games line is
 * written from these parts and the run's shared ones (`runParts`), with the very fields and order
 * `gameFacts` and `labFacts` give a full run's line (test/analytics/plays.test.ts compares a compact
 * run's expanded tables, games line included, with a full run's), at a fraction of the cost and garbage.
 */
function compactGame(game: AnyGame, task: LabGameTask, bots: readonly Bot[], i: number): LabGame {
  const startSeatOf = START_SEAT_OF[game.id];
  const startTypes = START_SEAT_TYPES[game.id];
  // The types the reader reads (one, or Seledyne's three) checked by comparisons, not a call per event (includes was ~10 ns
  // of an event's loop, Seledyne's two events a move); a game whose reader reads more than three asks includes.
  const few = startTypes !== undefined && startTypes.length <= 3;
  const [type0, type1 = type0, type2 = type0] = few ? startTypes : [];
  const run = runParts(task);
  const seeds = gameSeed(task.runSeed, i);
  // The start seats' text as the games line lists them, each `,<seat>` (the first comma cut at the end): Seledyne
  // has hundreds of rounds, and joining an array of them cost more than the scan that found them.
  let starts = '';
  // The setup's events (creation, joins, and the deal in the last join's commit): read for who sat where by the run's first game only.
  const setup: TableEvent[] | null = run.seats === null ? [] : null;
  let created: GameCreated | null = null;
  let commits = 0;
  let events = 0;
  let moves = 0;
  const plays = new PlaysText();
  let createdAt = '';
  let ending: Omit<Ending, 'at'> | null = null;
  let endedAt = '';
  playBotGame(game, { seats: task.seats, options: task.options, bots, ...seeds, maxMoves: task.maxMoves }, (command, list, seat) => {
    if (commits++ === 0) (createdAt = clock()), (created = list[0] as GameCreated);
    events += list.length;
    // A seat's commit is a move as moveCount counts it once one of its events is the table's (the table decider makes
    // no app event, but the count stays the export's); the setup's commits are none.
    let counted = seat === undefined;
    for (let k = 0; k < list.length; k++) {
      const e = list[k]!;
      // The type read once: events of many shapes make every read of a field a slow one.
      const type = e.type;
      if (!counted && !isAppEventType(type)) (counted = true), moves++;
      // The reader called only for the types it reads: it would read the type again, a second slow load per event.
      if (startSeatOf && (few ? type === type0 || type === type1 || type === type2 : startTypes === undefined || startTypes.includes(type))) {
        const s = startSeatOf(e);
        if (typeof s === 'number') starts += seatText(s);
        else if (s) for (let x = 0; x < s.length; x++) starts += seatText(s[x]!);
      } else if (ending === null && (type === 'GameEnded' || type === 'GameCancelled')) {
        ending = type === 'GameEnded' ? { seed: (e as GameEnded).seed, result: (e as GameEnded).result, reason: null } : { seed: created!.seed ?? '', result: null, reason: (e as unknown as GameCancelled).reason };
        endedAt = clock();
      }
    }
    if (seat === undefined) {
      if (setup) for (const e of list) setup.push(e);
      return;
    }
    if (command.type === 'move') plays.add(seat, command.move);
  });
  const c = created!;
  const capped = ending === null;
  const end: Omit<Ending, 'at'> = ending ?? { seed: c.seed ?? '', result: null, reason: 'move-cap' };
  if (setup) run.seats = seatsParts(seatsFacts(setup), task.seats);
  const head = (run.head ??= headParts(task, c));
  const j = JSON.stringify;
  const seats = run.seats!;
  // The game's id as JSON: the run's part made once, then the index (digits need no escaping).
  const idJson = `${head.id}${i}"`;
  // Made once: one flat line, the moves' text a slice of it for the hash (appending move by move made a rope to flatten later).
  const moveLine = plays.line(`{"gameId":${idJson},"moves":`);
  // The games line gameLine writes for the facts factsOf and labFacts give (`JSON.stringify({ ...facts, moves })`, keys in their order).
  // The hashes (hex), the clock's stamps (digits and -:.TZ+) and the revealed seed when it is the one given (hex: gameSeed's) need no escaping:
  // they are written between quotes as they are.
  const line =
    `{"id":${idJson}${head.created}"${c.seedHash}","seed":${end.seed === seeds.seed ? `"${end.seed}"` : j(end.seed)},"seedFixed":${c.seedFixed},"createdAt":"${createdAt}","endedAt":"${capped ? clock() : endedAt}",` +
    `"endReason":${j(end.reason ?? seats.endReason)},${seats.json}"result":${j(end.result)},"startSeats":[${starts.slice(1)}],"commits":${commits},"events":${events},` +
    `"bots":${run.bots},"playsHash":"${playsHash(moveLine.text)}","moves":${moves}}\n`;
  return { lines: { game: line, events: '', eventCount: events, moves: '', plays: moveLine.line }, capped, moves };
}

const SEAT_TEXTS = [...Array(10).keys()].map((s) => `,${s}`);
/** `,<seat>`, as joining an array of start seats writes each after the first. */
const seatText = (s: number): string => SEAT_TEXTS[s] ?? `,${s}`;

/** What every game of a run shares in its games line: the options as the engine read them, the line-up, and who sat where. */
interface RunParts {
  bots: string;
  seats: SeatsParts | null;
  head: HeadParts | null;
}

/**
 * What every games line of a run repeats before its seed hash, made from the run's first game:
 * `id`, the JSON of the id up to its index (`"<runId>-`); `created`, from the id's end to the
 * seed hash's value (`,"type":…,"seats":…,"options":…,"seedHash":`), the options as the engine read
 * them. Writing a line from fewer, longer parts was ~2 µs of a SCOUT game's ~100 (bench/simulate.ts).
 */
interface HeadParts {
  id: string;
  created: string;
}

function headParts(task: LabGameTask, c: GameCreated): HeadParts {
  const j = JSON.stringify;
  return { id: j(`${task.runId}-`).slice(0, -1), created: `,"type":${j(c.game)},"seats":${c.seats},"options":${j(c.options)},"seedHash":` };
}

/** The seats' part of a lab game's line (`"players":…,"resigned":…,"forfeited":…,"timedOut":…,"botSeats":…,`) and the ending it implies. */
interface SeatsParts {
  json: string;
  endReason: 'forfeit' | 'finished';
}

/**
 * Every lab game seats the same players the same way (playBotGame's joins: bot0, bot1 …, no
 * entropy, no app event): their facts are read from the run's first game and written once. Every
 * seat is a bot's (labFacts). Stringifying the facts whole was a tenth of a short game's cost.
 */
function seatsParts(f: SeatsFacts, seats: number): SeatsParts {
  const j = JSON.stringify;
  return {
    json: `"players":${j(f.players)},"resigned":${j(f.resigned)},"forfeited":${j(f.forfeited)},"timedOut":${j(f.timedOut)},"botSeats":${j([...Array(seats).keys()])},`,
    endReason: f.forfeited.length ? 'forfeit' : 'finished',
  };
}

const runs = new WeakMap<LabGameTask, RunParts>();
function runParts(task: LabGameTask): RunParts {
  let r = runs.get(task);
  if (r === undefined) runs.set(task, (r = { bots: JSON.stringify(task.lineup), seats: null, head: null }));
  return r;
}
