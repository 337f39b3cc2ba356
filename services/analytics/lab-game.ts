/**
 * One game of a lab run, as export lines: the unit both `npm run simulate` (its worker threads)
 * and the AWS lab's shard function (services/handlers/lab.ts) play, so a shard played on
 * Lambda is record for record the shard played here.
 */
import type { AnyGame, Bot, GameCreated, GameEnded, TableEvent } from '../engine/core/index.js';
import type { GameCancelled } from '../app/app-events.js';
import { isAppEvent } from '../app/app-events.js';
import { botGame, playBotGame, systemTime } from './bot-game.js';
import { gameLines, moveCount, type GameLines } from './ndjson.js';
import { labFacts, playJson, playsLineOf, playsOf, type LabFacts } from './plays.js';
import { factsOf, gameFacts, type Ending, type GameFacts } from './record.js';
import { seatsFacts } from './seats.js';
import { START_SEAT_OF } from './start-seats.js';
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
  const id = `${task.runId}-${i}`;
  if (task.compact) return compactGame(game, task, bots, i, id);
  const commits = botGame(game, { seats: task.seats, options: task.options, bots, ...gameSeed(task.runSeed, i), maxMoves: task.maxMoves });
  // Each game's line records who played each seat, so `npm run stats` can split by line-up.
  const facts = labFacts(gameFacts(id, commits, { moveCap: true })!, task.lineup, playsOf(commits));
  return { lines: gameLines(facts, commits, { trajectories: task.trajectories }), capped: facts.endReason === 'move-cap', moves: moveCount(commits) };
}

/**
 * The compact record's lines of game `i`, gathered as the game is played: the moves' text, the
 * facts' counts, start seats and ending, the setup's events (who sat where). No commit is kept:
 * the facts are those `gameFacts` reads from the commits (test/analytics/plays.test.ts compares a
 * compact run's expanded tables with a full run's), at a fraction of the cost and garbage.
 */
function compactGame(game: AnyGame, task: LabGameTask, bots: readonly Bot[], i: number, id: string): LabGame {
  const now = systemTime();
  const startSeatOf = START_SEAT_OF[game.id];
  const setup: TableEvent[] = [];
  const startSeats: number[] = [];
  let commits = 0;
  let events = 0;
  let moves = 0;
  const plays: string[] = [];
  let createdAt = '';
  let ending: Omit<Ending, 'at'> | null = null;
  let endedAt = '';
  playBotGame(game, { seats: task.seats, options: task.options, bots, ...gameSeed(task.runSeed, i), maxMoves: task.maxMoves }, (command, list, seat) => {
    commits++;
    events += list.length;
    if (commits === 1) createdAt = now();
    for (let k = 0; k < list.length; k++) {
      const e = list[k]!;
      // The type read once: events of many shapes make every read of a field a slow one.
      const type = e.type;
      if (startSeatOf) {
        const s = startSeatOf(e);
        if (Array.isArray(s)) startSeats.push(...s);
        else if (s !== null && s !== undefined) startSeats.push(s);
      }
      if (ending === null && (type === 'GameEnded' || type === 'GameCancelled')) {
        ending = type === 'GameEnded' ? { seed: (e as GameEnded).seed, result: (e as GameEnded).result, reason: null } : { seed: (setup[0] as GameCreated).seed ?? '', result: null, reason: (e as unknown as GameCancelled).reason };
        endedAt = now();
      }
    }
    if (seat === undefined) {
      for (const e of list) setup.push(e);
      return;
    }
    // A move as moveCount counts it: a seat's commit of the table's events (the table decider makes no app event, but the count stays the export's).
    for (let k = 0; k < list.length; k++) {
      if (!isAppEvent(list[k]!)) {
        moves++;
        break;
      }
    }
    if (command.type === 'move') plays.push(playJson(seat, command.move));
  });
  const created = setup[0] as GameCreated;
  const capped = ending === null;
  const end: Omit<Ending, 'at'> = ending ?? { seed: created.seed ?? '', result: null, reason: 'move-cap' };
  // Joined once: one flat string for the hash and the line (appending move by move made a rope to flatten later).
  const all = `[${plays.join(',')}]`;
  const facts = factsOf({ id, created, createdAt, endedAt: capped ? now() : endedAt, ending: end, seats: seatsFacts(setup), startSeats, commits, events });
  const line = compactLine(labFacts(facts, task.lineup, all), moves, sharedJson(task, facts));
  return { lines: { game: line, events: '', eventCount: events, moves: '', plays: playsLineOf(id, all) }, capped, moves };
}

/** The JSON of what every game of a run shares: its options as the engine read them, its players (bot0, bot1 …), its line-up. */
interface SharedJson {
  options: string;
  players: string;
  bots: string;
}
const shared = new WeakMap<LabGameTask, SharedJson>();
function sharedJson(task: LabGameTask, facts: GameFacts): SharedJson {
  let s = shared.get(task);
  if (s === undefined) shared.set(task, (s = { options: JSON.stringify(facts.options), players: JSON.stringify(facts.players), bots: JSON.stringify(task.lineup) }));
  return s;
}

/**
 * The games line `gameLine` writes for these facts (`JSON.stringify({ ...facts, moves })`, keys in
 * the facts' order), written field by field with the run's shared parts made once: stringifying
 * the facts whole was a tenth of a short game's cost. A compact run's lines are compared with a
 * full run's (test/analytics/plays.test.ts), which catch a field added to the facts but not here.
 */
function compactLine(f: LabFacts, moves: number, run: SharedJson): string {
  const j = JSON.stringify;
  return (
    `{"id":${j(f.id)},"type":${j(f.type)},"seats":${f.seats},"options":${run.options},"seedHash":${j(f.seedHash)},"seed":${j(f.seed)},"seedFixed":${f.seedFixed},` +
    `"createdAt":${j(f.createdAt)},"endedAt":${j(f.endedAt)},"endReason":${j(f.endReason)},"players":${run.players},"resigned":[${f.resigned}],"forfeited":[${f.forfeited}],"timedOut":[${f.timedOut}],` +
    `"botSeats":[${f.botSeats}],"result":${j(f.result)},"startSeats":[${f.startSeats}],"commits":${f.commits},"events":${f.events},"bots":${run.bots},"playsHash":${j(f.playsHash)},"moves":${moves}}\n`
  );
}
