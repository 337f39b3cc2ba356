/**
 * Seledyne's own invariants on a state: cards conserved, each in one place, steps consistent.
 * Shared by the playthroughs (after every command) and the sampleWorld law (on every world).
 */
import type { TableState } from '../../../services/engine/core/index.js';
import type { State } from '../../../services/engine/games/seledyne/state.js';

function fail(message: string): never {
  throw new Error(`invariant: ${message}`);
}

/** Cards are conserved and each is in one place; hands and reserves hold own cards, counters never do. */
export function invariants(table: TableState) {
  stateInvariants(table.play as State);
}

export function stateInvariants(s: State) {
  if (s.stage === 0) return;
  const o = s.options;
  const seen = new Set<string>();
  const place = (id: string) => {
    if (seen.has(id)) fail(`${id} is in two places`);
    seen.add(id);
  };
  s.players.forEach((p, seat) => {
    for (const c of [...p.hand, ...p.reserve]) {
      if (c.house !== p.house) fail(`seat ${seat} holds ${c.id} in hand or reserve`);
      place(c.id);
    }
    for (const c of p.counter) {
      if (c.house === p.house) fail(`seat ${seat} has its own ${c.id} in its counter`);
      place(c.id);
    }
    if (p.total < 0) fail('a total below zero');
    if (o.scoreFloorMode === 'PERSISTENT_CLAMP' && p.raw !== p.total) fail('raw differs from total');
    if (p.stageScores.length !== s.results.length) fail('stage scores');
    if (s.phase === 'turn' && (p.die < 1 || p.die > o.dieFaces)) fail(`die ${p.die}`);
  });
  for (const e of s.istham) {
    if (s.players[e.tributedBy]!.house === e.card.house) fail('a player tributed its own card');
    place(e.card.id);
  }
  if (seen.size !== o.cardValues.length * s.seats) fail(`${seen.size} cards in play`);
  if (s.phase === 'turn') {
    const t = s.turn!;
    if (t.seat !== s.current) fail('turn seat');
    const counter = s.players[t.seat]!.counter.map((c) => c.id);
    if (!t.selection.every((c) => counter.includes(c.id))) fail('selection outside the counter');
    if (t.step !== 'open' && t.step !== 'select' && t.targets.length === 0 && t.tributed === 0) fail(`step ${t.step} without tribute or gift`);
  }
  s.players.forEach((p, seat) => {
    const tributed = s.istham.filter((e) => e.tributedBy === seat).reduce((a, e) => a + e.card.value, 0);
    if (p.tributedSum !== tributed) fail(`seat ${seat} tributed ${tributed}, recorded ${p.tributedSum}`);
    if (o.scoreFloorMode === 'FINAL_CLAMP' && p.raw !== p.stageScores.reduce((a, b) => a + b, 0)) fail('raw is not the sum of the stage scores');
    for (const c of p.knownInHand) if (!p.hand.some((h) => h.id === c.id)) fail(`seat ${seat}: ${c.id} known to be in its hand is not there`);
    const choice = s.pending[seat];
    if (choice && !s.eligible[seat]) fail(`seat ${seat} chose without being eligible`);
    if (choice?.card && !p.reserve.some((c) => c.id === choice.card!.id)) fail(`seat ${seat} chose ${choice.card.id}, not in its reserve`);
  });
  if (s.turn && (s.turn.sumActive === null) !== (s.turn.targets.length === 0)) fail('the Sum Rule is fixed exactly at the first gift');
  if (s.turn?.sumShown && o.sumRuleCheckTiming === 'GIFT_STEP_START' && !s.turn.sumActive) fail('a gift showed the Sum Rule, yet it is not in force');
  if (s.lastRound && s.nonGiftStreak >= s.seats && s.phase !== 'over' && s.stage === s.results.at(-1)?.stage) fail('last round did not end');
}

