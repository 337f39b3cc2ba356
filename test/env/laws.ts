/**
 * The environment's laws, checked on seeded random games of one (game, seats, options):
 * - the mask: every legal token is accepted (the engine's decide takes the move it completes),
 *   no token outside it is, and the tokens reach exactly the engine's listed moves;
 * - returns: at the end they are the engine's result mapped (win share), the result being the one
 *   the engine reaches on its own from the same seed and moves;
 * - resampling: the acting seat's observation, mask and information state do not change when the
 *   hidden cards are dealt anew from its view (sampleWorld);
 * - clone: a clone and the original given the same actions show every seat the same observations;
 * - seeds: the same seed and actions give the same game; other seeds other deals.
 */
import { expect } from 'vitest';
import { EnvSpec, EnvState, TERMINAL } from '../../services/env/index.js';
import { CloneableRng } from '../../services/env/rng.js';

export interface LawRun {
  game: string;
  seats: number;
  options?: unknown;
  games: number;
  /** Check the costly laws (outside tokens, resample, clone) every Nth decision. */
  every: number;
  /** Stop a game after this many tokens (long games: the laws hold at every prefix). */
  maxSteps?: number;
}

const eq = (a: ArrayLike<number>, b: ArrayLike<number>) => a.length === b.length && Array.prototype.every.call(a, (x: number, i: number) => x === b[i]);

/** Every move a sequence of legal tokens reaches from the state's prefix (depth-first over clones). */
function reachable(state: EnvState): unknown[] {
  const out: unknown[] = [];
  for (const t of state.legalActions()) {
    const move = state.actionToMove(t);
    if (move !== null) out.push(move);
    else {
      const c = state.clone();
      c.applyAction(t);
      out.push(...reachable(c));
    }
  }
  return out;
}

export function checkLaws(run: LawRun): { decisions: number; terminals: number } {
  const spec = EnvSpec.of(run.game, run.seats, run.options);
  const pick = new CloneableRng(99);
  let decisions = 0;
  let terminals = 0;
  for (let g = 0; g < run.games; g++) {
    const seed = 1000 + g;
    const state = EnvState.start(spec, seed);
    const twin = EnvState.start(spec, seed);
    const moves: { seat: number; move: unknown }[] = [];
    for (let step = 0; !state.isTerminal() && step < (run.maxSteps ?? Infinity); step++) {
      const seat = state.currentPlayer();
      expect(seat).toBeGreaterThanOrEqual(0);
      const legal = state.legalActions();
      expect(legal.length, 'someone to act has a legal token').toBeGreaterThan(0);
      const costly = decisions++ % run.every === 0;
      if (costly) {
        // mask: in accepted, out refused; the tokens reach the listed moves, each once
        for (const t of legal) state.clone().applyAction(t);
        const inMask = new Set(legal);
        const accepted: number[] = [];
        for (let t = 0; t < spec.size; t++) {
          if (inMask.has(t)) continue;
          try {
            state.actionToMove(t);
            accepted.push(t);
          } catch (e) {
            // Plainly on the hot path (every token outside the mask); expect explains a wrong code.
            if ((e as { code?: string }).code !== 'ENV_ILLEGAL_ACTION') expect((e as { code?: string }).code).toBe('ENV_ILLEGAL_ACTION');
          }
        }
        expect(accepted, 'tokens outside the mask that were accepted').toEqual([]);
        const listed = state.legalMoves();
        const reached = reachable(state);
        expect(reached.length, 'one token sequence per listed move').toBe(new Set(reached).size);
        if (state.prefix().length === 0) expect(new Set(reached)).toEqual(new Set(listed));
        else {
          // Each reached move looked up among the listed by its JSON; expect's deep search only to explain a miss.
          const known = new Set(listed.map((m) => JSON.stringify(m)));
          for (const m of reached) if (!known.has(JSON.stringify(m))) expect(listed).toContainEqual(m);
        }
        // resample: the seat cannot tell
        const world = state.resampleFromInfostate(seat, step);
        expect(world.currentPlayer()).toBe(seat);
        expect(eq(world.observationTensor(seat), state.observationTensor(seat)), 'observation after resampling').toBe(true);
        expect(world.legalActions()).toEqual(legal);
        expect(world.informationStateString(seat)).toBe(state.informationStateString(seat));
        // clone: same actions, same observations for every seat
        const c = state.clone();
        const r1 = new CloneableRng(step);
        const r2 = new CloneableRng(step);
        const o = state.clone();
        for (let k = 0; k < 4 && !c.isTerminal(); k++) {
          const a = c.legalActions();
          c.applyAction(a[r1.int(a.length)]!);
          const b = o.legalActions();
          o.applyAction(b[r2.int(b.length)]!);
          for (let p = 0; p < run.seats; p++) expect(eq(c.observationTensor(p), o.observationTensor(p))).toBe(true);
        }
      }
      const a = legal[pick.int(legal.length)]!;
      const move = state.actionToMove(a);
      if (move !== null) moves.push({ seat, move });
      state.applyAction(a);
      twin.applyAction(a);
    }
    // seeds reproduce
    for (let p = 0; p < run.seats; p++) expect(twin.informationStateString(p)).toBe(state.informationStateString(p));
    if (state.currentPlayer() === TERMINAL) {
      terminals++;
      // the engine alone, same seed, same moves
      const { game, setup } = spec;
      const rng = new CloneableRng(seed);
      let s = game.initialState(setup);
      for (const e of game.start(s, rng)) s = game.evolve(s, e);
      for (const { seat, move } of moves) for (const e of game.decide(s, move, seat, rng)) s = game.evolve(s, e);
      const result = game.status(s).result!;
      expect(state.result()).toEqual(result);
      expect(state.returns()).toEqual(Array.from({ length: run.seats }, (_, p) => (result.winners.includes(p) ? 1 / result.winners.length : 0)));
    } else expect(state.returns()).toEqual(new Array(run.seats).fill(0));
  }
  // other seeds, other deals
  const deals = new Set(Array.from({ length: 4 }, (_, k) => EnvState.start(spec, 50 + k).informationStateString(0)));
  expect(deals.size).toBeGreaterThan(1);
  return { decisions, terminals };
}
