/**
 * Seledyne's RoundsRolled against the round-by-round engine of another commit (default 0500bb6,
 * the last without it): the same seeded random games through both tables, commit by commit, the
 * events of this tree written out in the older form (`expand`) must equal the ref's, and the states
 * must be deep-equal. Option sets beyond golden.test.ts's: a Six Rule window without a reserve card
 * (A9 false), the boost declined, no deadlock check with a round cap, every seat count.
 *   npx tsx bench/rounds-rolled-ab.ts [--ref 0500bb6] [--games 20]
 */
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { currentEngine, engineAt } from './engine.js';

const { values } = parseArgs({ options: { ref: { type: 'string', default: '0500bb6' }, games: { type: 'string', default: '20' } } });
const ref = await engineAt(values.ref!);
if (!ref) throw new Error(`no engine at ${values.ref}`);
const VARIANTS: Record<string, object> = {
  defaults: {},
  'six without reserve, turn order': { sixRuleRequiresReserveCard: false, sixRuleDecisionMode: 'TURN_ORDER' },
  'six without reserve, boost optional': { sixRuleRequiresReserveCard: false, tributeBoostMode: 'OPTIONAL', ownerSeesReserve: false },
  'no deadlock check, cap 15, no legal gift': { deadlockDetection: false, maxRoundsPerStage: 15, lastRoundTermination: 'NO_LEGAL_GIFT' },
  'sum per gift, no empty-hand tribute': { sumRuleCheckTiming: 'PER_GIFT_SEQUENTIAL', emptyHandMayTribute: false, cardValues: [1, 1, 2, 2, 3, 3, 4, 4, 5, 5] },
};
const game = currentEngine.games.find((g) => g.id === 'seledyne')!;
const older = (events: readonly { type: string }[]) => events.flatMap((e) => game.expand!(e) ?? [e]);
let commits = 0;
let compact = 0;
for (const [name, options] of Object.entries(VARIANTS))
  for (let seats = 2; seats <= 6; seats++)
    for (let g = 0; g < Number(values.games); g++) {
      const [tNew, tOld] = [currentEngine.table(game), ref.table(ref.games.find((x) => x.id === 'seledyne')!)];
      const rng = currentEngine.fastRng(g);
      const create = { type: 'create' as const, game: 'seledyne', seats, options, seed: `ab-${g}`, seedFixed: true };
      let [a, b] = [tNew.fold(tNew.decide(null, create)), tOld.fold(tOld.decide(null, create))];
      for (let i = 0; i < seats; i++) {
        const join = { type: 'join' as const, name: `p${i}`, tokenHash: `${i}` };
        [a, b] = [tNew.fold(tNew.decide(a, join), a), tOld.fold(tOld.decide(b, join), b)];
      }
      while (!a.ended) {
        const seat = tNew.status(a).toMove[rng.int(tNew.status(a).toMove.length)]!;
        const move = currentEngine.randomBot(undefined, tNew.legalMoves(a, seat), rng);
        const [ea, eb] = [tNew.decide(a, { type: 'move', seat, move }), tOld.decide(b, { type: 'move', seat, move })];
        compact += ea.filter((e) => e.type === 'RoundsRolled').length;
        if (!isDeepStrictEqual(older(ea), eb)) throw new Error(`${name}, ${seats} seats, game ${g}: the events differ at commit ${commits}`);
        [a, b] = [tNew.fold(ea, a), tOld.fold(eb, b)];
        if (!isDeepStrictEqual(a, b)) throw new Error(`${name}, ${seats} seats, game ${g}: the states differ`);
        commits++;
      }
      if (!b.ended) throw new Error('the ref did not end');
    }
console.log(`seledyne: ${commits} commits of ${Object.keys(VARIANTS).length} option sets × 2–6 seats × ${values.games} games: the same events (older form) and states as ${ref.label}; ${compact} RoundsRolled`);
