/**
 * The round and turn flow: deal (§2.2), turn order and final turns (§3.4, §3.9), round end
 * (§6.1), scoring powers (§6.3), scores and token (§6.4–6.5), next round and game end (§6.6–6.7).
 */
import { shuffle } from '../../core/index.js';
import { numberOf, type Step } from './cards.js';
import { countPassiveAll, isZombie } from './protect.js';
import { automaticDelta, gameWinners, nextToken, roundOutcome, villageSum } from './scoring.js';
import { villagersUp, type Sim } from './sim.js';
import { buryUncoveredZombie } from './village.js';
import { defOf, next, type ScoreStep, type State } from './state.js';

/** The silver tokens' powers as effect steps (§5). */
export const TOKEN_STEPS: Record<State['token']['kind'], Step[]> = {
  coin: [{ op: 'flip', where: 'any', from: 'any' }],
  dagger: [{ op: 'reverse' }],
  amulet: [{ op: 'protect' }],
  bullet: [{ op: 'protect' }],
};

/** Deal a round: 52 cards less any kept by a Commander; four rows of 5, unused rows to the box; flip the discard. */
export function startRound(sim: Sim, round: number, start: number) {
  const keptIds = sim.state.keptNext.flat();
  const ids: number[] = []; // a loop: a search's playouts deal at every round end
  for (let i = 0; i < 52; i++) if (!keptIds.includes(i)) ids.push(i);
  const pool = shuffle(ids, sim.rng);
  const rows = [0, 1, 2, 3].map((r) => pool.slice(r * 5, r * 5 + 5));
  const deck = pool.slice(20);
  sim.emit({
    type: 'RoundDealt',
    round,
    start,
    villages: rows,
    box: [],
    deck,
    sizes: { villages: rows.slice(0, sim.state.seats).map((r) => r.length), box: 5 * (4 - sim.state.seats), deck: deck.length },
  });
  sim.move({ z: 'deck' }, { z: 'discard' }, 'all');
  for (let tries = 0; tries < 20 && sim.state.o.zombieSetupReflip && isZombie(sim.state, sim.state.discard[0]!); tries++) {
    sim.move({ z: 'discard' }, { z: 'deck' }, 'all');
    sim.emit({ type: 'DeckShuffled', deck: shuffle(sim.state.deck, sim.rng), size: sim.state.deck.length });
    sim.move({ z: 'deck' }, { z: 'discard' }, 'all');
  }
  nextCommander(sim, start, 0);
}

/** Round start with Commander cards kept (§4.5): each owner in turn from the start player swaps them in. */
export function nextCommander(sim: Sim, from: number, k0: number) {
  for (let k = k0; k < sim.state.seats; k++) {
    const seat = (from + k) % sim.state.seats;
    if (sim.state.kept[seat]!.length > 0) return sim.pending({ kind: 'commander', seat, done: [] });
  }
  if (sim.state.phase === 'commander') sim.emit({ type: 'PeekPhase' });
}

/** The peek (§2.2 step 9): after the last seat has peeked, the start player begins. */
export function afterPeek(sim: Sim) {
  if (sim.state.peeked.every(Boolean)) sim.emit({ type: 'TurnStarted', seat: sim.state.start, extra: false });
}

export const isFinalTurn = (s: State) => s.caller !== null;

/** After each command: Squire display, the Villager end, the end of the turn when nothing is left to do. */
export function settle(sim: Sim, freeActions: (s: State, seat: number) => number) {
  const s0 = sim.state;
  if (s0.phase !== 'play') return;
  // The display's size as the move left it, read before a Zombie is buried (the working copy changes with it).
  const squires = countPassiveAll(s0, 'display');
  const target = s0.o.squireDisplay === 'one' ? Math.min(1, squires) : squires;
  buryUncoveredZombie(sim);
  // Not while a Rascal choice is open: an unkept display card goes back first (§4.1 #4).
  while (sim.state.pending?.kind !== 'rascal' && sim.state.display.length < target && sim.state.deck.length > 0) sim.move({ z: 'deck' }, { z: 'display', i: 0 }, 'all');
  if (villagersUp(sim.state) >= 2) return endRound(sim, 'villagers');
  const turn = sim.state.turn;
  if (turn && turn.main && sim.state.pending === null && freeActions(sim.state, turn.seat) === 0) endTurn(sim);
}

export function endTurn(sim: Sim) {
  const seat = sim.state.turn!.seat;
  const skip = sim.state.skip;
  sim.emit({ type: 'TurnEnded', seat });
  const s = sim.state;
  if (s.deckOut && (s.o.deckOutCheck === 'whenEmptied' || s.deck.length === 0)) return endRound(sim, 'deck');
  if (s.caller !== null) {
    if (s.owes.length === 0) return endRound(sim, 'call');
    let n = next(s, seat);
    while (!s.owes.includes(n)) n = next(s, n);
    return sim.emit({ type: 'TurnStarted', seat: n, extra: false });
  }
  const n = skip ? next(s, next(s, seat)) : next(s, seat);
  sim.emit({ type: 'TurnStarted', seat: n, extra: skip && n === seat });
}

export function endRound(sim: Sim, reason: 'call' | 'deck' | 'villagers') {
  // A card still in hand is discarded; a Zombie goes under the pile, never on top (§4.4).
  while (sim.state.hand.length > 0) sim.move({ z: 'hand', i: 0 }, isZombie(sim.state, sim.state.hand[0]!) ? { z: 'bottom' } : { z: 'discard' }, 'all');
  shootBullet(sim);
  sim.emit({ type: 'RoundEnded', reason, villages: sim.state.villages.map((r) => r.map(numberOf)) });
  scoreSteps(sim);
}

/** §5.2: the card under the bullet leaves the village before the scoring (under the pile): it does not count. */
function shootBullet(sim: Sim) {
  const s = sim.state;
  if (s.token.kind !== 'bullet' || s.amulet === null) return;
  const owner = s.villages.findIndex((r) => r.includes(s.amulet!));
  if (owner >= 0) sim.move({ z: 'village', s: owner, p: s.villages[owner]!.indexOf(s.amulet) }, { z: 'bottom' }, 'all');
}

/** Resolves the scoring powers in order; stops at one that needs a choice. */
export function scoreSteps(sim: Sim) {
  for (;;) {
    const s = sim.state;
    const sc = s.scoring!;
    const step = sc.queue[sc.at];
    if (!step) return finishRound(sim);
    if (step.op === 'debt' || step.op === 'halve') {
      // An optional scoring card (§4.4: it "can"): its holder applies or declines it, unless the option forces it.
      if (scoreDelta(s, step) !== 0 && defOf(s, step.id).optional && s.o.scoringPowersOptional) return sim.pending({ kind: 'score', seat: step.seat, op: step.op, position: null });
      applyScoreDelta(sim);
    } else if (scoreChoices(s, step.seat, step.op, step.id).length > 0) {
      return sim.pending({ kind: 'score', seat: step.seat, op: step.op, position: null });
    }
    sim.emit({ type: 'ScoreStepDone' });
  }
}

/** The change the current Debt Collector or Halfling step makes to its holder's total. */
function scoreDelta(s: State, step: ScoreStep): number {
  const sc = s.scoring!;
  if (step.op !== 'debt' && step.op !== 'halve') return 0;
  return automaticDelta(s, step.seat, step.op, villageSum(s, step.seat) + sc.adj[step.seat]!, sc.halved[step.seat]! > 0);
}

/** Applies the current Debt Collector or Halfling step. */
export function applyScoreDelta(sim: Sim) {
  const step = sim.state.scoring!.queue[sim.state.scoring!.at]!;
  const delta = scoreDelta(sim.state, step);
  if (delta !== 0 && (step.op === 'debt' || step.op === 'halve')) sim.emit({ type: 'ScoreAdjusted', seat: step.seat, op: step.op, delta });
}

/** Positions a scoring power may pick: keep (§4.5) any other card not kept yet; give (guess) any card. */
export function scoreChoices(s: State, seat: number, op: 'keep' | 'give', powerId: number): number[] {
  return s.villages[seat]!.flatMap((id, p) => (op === 'give' || (id !== powerId && !s.keptNext[seat]!.includes(id)) ? [p] : []));
}

/** Everything is read from the state before the round's scores and token are emitted (the working copy changes with them). */
function finishRound(sim: Sim) {
  const s = sim.state;
  const out = roundOutcome(s);
  const scores = s.scores.map((t, i) => t + out.roundScores[i]!);
  const tok = nextToken(s, out);
  const round = s.round;
  const winners = round < s.o.rounds ? null : gameWinners(s, scores, tok);
  sim.emit({ type: 'RoundScored', round, totals: out.totals, roundScores: out.roundScores, caller: out.caller, callSucceeded: out.callSucceeded, scores });
  sim.emit({ type: 'TokenAssigned', holder: tok.holder, active: tok.active });
  if (winners === null) return startRound(sim, round + 1, tok.holder);
  sim.emit({ type: 'GameOver', scores, winners });
}
