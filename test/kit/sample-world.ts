/**
 * The law of `Game.sampleWorld`, for every game (OpenSpiel's ResampleFromInfostate test):
 * at positions of real play, for every seat, a world sampled from that seat's view
 * - looks to the seat exactly like the real state (`view(world, seat)` equals the view),
 * - is plain JSON and a legal state of the game (the game's own invariants through `check`),
 * - leaves the view it was given unchanged,
 * - can be played on: random legal moves from it never throw, and whoever must act can.
 */
import { expect } from 'vitest';
import { fastRng, type AnyGame, type Bot, type Rng } from '../../services/engine/core/index.js';
import { playedPositions } from './played-positions.js';
import { expectMoversCanMove, notPlainJson } from './playthrough.js';

export interface SampleWorldLaw {
  seats: number;
  options?: unknown;
  /** Games played to find positions (each with its own deal). */
  games: number;
  /** Who plays those games (default random); a game's greedy bot reaches the positions people do. */
  bot?: Bot;
  /** Check every Nth position (default 1). */
  every?: number;
  /** Worlds sampled per seat and position (default 1). */
  samples?: number;
  /** Moves played on from each world (default 8). */
  playOn?: number;
  /** The game's own invariants on a state (cards conserved …); throws or fails to complain. */
  check?: (state: unknown) => void;
  seed?: string;
}

/** Checks the law; returns how many (position, seat) pairs it checked. */
export function checkSampleWorld(game: AnyGame, law: SampleWorldLaw): number {
  const sample = game.sampleWorld;
  if (!sample) throw new Error(`${game.id} has no sampleWorld`);
  const rng = fastRng(7);
  let checked = 0;
  let position = 0;
  for (const { state, setup } of playedPositions(game, { ...law, seed: law.seed ?? 'law', rng })) {
    if (position++ % (law.every ?? 1) !== 0) continue;
    for (let seat = 0; seat < law.seats; seat++) {
      for (let k = 0; k < (law.samples ?? 1); k++) {
        checkOne(game, state.play, seat, setup, rng, law);
        checked++;
      }
    }
  }
  return checked;
}

function checkOne(game: AnyGame, real: unknown, seat: number, setup: { seats: number; options: unknown }, rng: Rng, law: SampleWorldLaw) {
  const view = game.view(real, seat);
  // The view's JSON is written once and compared with each copy's (the views are most of the law's cost).
  const viewJson = JSON.stringify(view);
  const given = JSON.parse(viewJson);
  const world = game.sampleWorld!(given, seat, rng, setup);
  if (JSON.stringify(given) !== viewJson) expect(given, 'sampleWorld must not change the view it is given').toEqual(view);
  const seen = game.view(world, seat);
  if (JSON.stringify(seen) !== viewJson) expect(seen, `seat ${seat} can tell the sampled world from the real one`).toEqual(view);
  const notJson = notPlainJson(world, false, 'world');
  if (notJson) expect.fail(`a sampled world is plain JSON, but ${notJson}`);
  law.check?.(world);
  let s = world;
  for (let i = 0; i < (law.playOn ?? 8); i++) {
    const st = game.status(s);
    if (st.over) break;
    expectMoversCanMove(st.toMove, setup.seats, (x) => game.legalCommands(s, x), ` in a sampled world (phase ${st.phase})`);
    const actor = st.toMove[rng.int(st.toMove.length)]!;
    const legal = game.legalCommands(s, actor);
    const events = game.decide(s, legal[rng.int(legal.length)], actor, rng);
    for (const e of events) s = game.evolve(s, e);
    law.check?.(s);
  }
}
