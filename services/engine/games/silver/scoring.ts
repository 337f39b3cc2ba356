/** Scoring as pure functions: the power queue (§6.3), totals and round scores (§6.4), token (§6.5), winner (§6.7). */
import { numberOf } from './cards.js';
import { defOf, powerOn, type ScoreStep, type State } from './state.js';

/** Seat order clockwise from the start player (§6.3: scoring always goes clockwise). */
const order = (s: State, seat: number) => (seat - s.start + s.seats) % s.seats;

/** The scoring powers to resolve this round, in order (needs `upBefore` set and every card revealed). */
export function scoringQueue(s: State): ScoreStep[] {
  const steps: (ScoreStep & { n: number; p: number })[] = [];
  s.villages.forEach((row, seat) =>
    row.forEach((id, p) => {
      const d = defOf(s, id);
      if (!d.scoring || !powerOn(s, d)) return;
      if (d.timing !== 'SCA' && !s.upBefore.includes(id)) return;
      if (d.scoring === 'keep' && s.round >= s.o.rounds) return; // after the last round the Commander does nothing
      steps.push({ seat, id, op: d.scoring, n: numberOf(id), p });
    }),
  );
  const valueMajor = s.o.daggerScoringOrder === 'valueMajor';
  steps.sort((a, b) => (valueMajor ? a.n - b.n || order(s, a.seat) - order(s, b.seat) : order(s, a.seat) - order(s, b.seat) || a.n - b.n) || a.p - b.p);
  const keepers = new Set<number>();
  return steps
    .filter((x) => {
      if (x.op !== 'keep' || s.o.commanderPerCard) return true;
      if (keepers.has(x.seat)) return false;
      keepers.add(x.seat);
      return true;
    })
    .map(({ seat, id, op }) => ({ seat, id, op }));
}

/** Sum of a village's card values (a kept card is left out if the option says so). */
export function villageSum(s: State, seat: number): number {
  const skip = s.o.commanderKeptCounts ? [] : s.keptNext[seat]!;
  return s.villages[seat]!.reduce((t, id) => t + (skip.includes(id) ? 0 : numberOf(id)), 0);
}

/** The change an automatic scoring power makes to `seat`'s current total. */
export function automaticDelta(s: State, seat: number, op: 'debt' | 'halve', current: number, halvedBefore: boolean): number {
  if (op === 'debt') {
    const counts = s.villages.map((r, i) => (i === seat ? 0 : r.length));
    return -(s.o.debtCollector === 'mostCards' ? Math.max(0, ...counts) : counts.reduce((a, b) => a + b, 0));
  }
  if (halvedBefore && !s.o.halflingStacks) return 0;
  const half = s.o.halflingRounding === 'down' ? Math.floor(current / 2) : Math.ceil(current / 2);
  return half - current;
}

export interface RoundOutcome {
  totals: number[];
  roundScores: number[];
  caller: number | null;
  callSucceeded: boolean | null;
}

/** §6.4: village totals (empty = 0), the caller's 0 or total + 10. */
export function roundOutcome(s: State): RoundOutcome {
  const adj = s.scoring?.adj ?? Array(s.seats).fill(0);
  const empty = s.villages.map((r) => r.length === 0);
  const raw = s.villages.map((_, i) => (empty[i] ? 0 : villageSum(s, i)));
  const totals = raw.map((t, i) => (empty[i] ? 0 : t + adj[i]!));
  const caller = s.endReason === 'villagers' && !s.o.villagerEndKeepsCall ? null : s.caller;
  const roundScores = totals.slice();
  let callSucceeded: boolean | null = null;
  if (caller !== null) {
    const cmp = s.o.callerCompareAfterPowers ? totals : raw;
    callSucceeded = cmp.every((t, i) => i === caller || cmp[caller]! <= t);
    roundScores[caller] = empty[caller] || callSucceeded ? 0 : totals[caller]! + 10;
  }
  return { totals, roundScores, caller, callSucceeded };
}

/** The seat won this round's call (a module function: a closure made per round end costs under tsx's keepNames). */
const won = (out: RoundOutcome, seat: number) => out.caller === seat && out.callSucceeded === true;

/** §6.5: who holds the token next round, and whether its power is available. */
export function nextToken(s: State, out: RoundOutcome): { holder: number; active: boolean } {
  const measure = s.o.tieMeasure === 'roundScore' ? out.roundScores : out.totals;
  const low = Math.min(...measure);
  const tied: number[] = []; // a loop: once per round end, and so once per playout
  for (let i = 0; i < measure.length; i++) if (measure[i] === low) tied.push(i);
  if (tied.length === 1) return { holder: tied[0]!, active: won(out, tied[0]!) };
  // A possessor (the token won by a call) among the tied keeps it; its power by tieKeeperActive.
  const holder = s.token.holder;
  if (s.token.active && tied.includes(holder)) return { holder, active: s.o.tieKeeperActive === 'literal' || won(out, holder) };
  // Otherwise the first tied player clockwise from the start player; active only if they won it by this round's call.
  for (let k = s.o.tieScanIncludesStartPlayer ? 0 : 1; k <= s.seats; k++) {
    const seat = (s.start + k) % s.seats;
    if (tied.includes(seat)) return { holder: seat, active: s.o.tieScanCallerActive && won(out, seat) };
  }
  return { holder: tied[0]!, active: false };
}

/** §6.7: the lowest total wins; a tie goes to the token holder, else the tied player nearest to the holder's left. */
export function winnersOf(scores: number[], holder: number, tokenCounts: boolean): number[] {
  const low = Math.min(...scores);
  const tied = scores.flatMap((m, i) => (m === low ? [i] : []));
  if (tied.length === 1) return tied;
  if (tokenCounts && tied.includes(holder)) return [holder];
  for (let k = 1; k <= scores.length; k++) {
    const seat = (holder + k) % scores.length;
    if (tied.includes(seat)) return [seat];
  }
  return tied;
}

/** §6.7 with the options: which holder breaks the game tie (after or during the last round), and whether an inactive token counts. */
export function gameWinners(s: State, scores: number[], after: { holder: number; active: boolean }): number[] {
  const last = s.o.finalTieHolder === 'afterLastRound' ? after : s.token;
  return winnersOf(scores, last.holder, !s.o.finalTieNeedsActiveToken || last.active);
}
