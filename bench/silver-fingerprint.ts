/**
 * Silver's behaviour as one digest, to check that a speed change plays exactly as before: per
 * edition (its defaults, a random rule set, two random deck mixes) and 2-4 seats, games mixing
 * greedy and random seats. At every move the state, every seat's and the spectator's view, the
 * legal lists, greedy's choice and the events; every 7th move a sampled world and its greedy
 * playout. Run it on this tree and on another commit's engine and bots (as bench/playouts-ab.ts
 * extracts them into .bench-engines/<sha>-playouts) and compare the printed digests:
 *   npx tsx bench/silver-fingerprint.ts [ROOT=.]
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
const root = resolve(process.argv[2] ?? '.');
const imp = async (p: string) => import(pathToFileURL(resolve(root, p)).href);
const core = await imp('services/engine/core/index.ts');
const reg = await imp('services/engine/registry.ts');
const rollout = await imp('services/bots/search/rollout.ts');
const game = reg.findGame('silver');
const t = core.table(game);
const policy = rollout.policyFor(game);
let x = 12345;
const rnd = (n: number) => { x = (Math.imul(x, 1103515245) + 12345) >>> 0; return (x >>> 8) % n; };
const shape = game.options.shape;
const defaults = game.options.parse({});
function randomOptions(edition: string, mix: boolean) {
  const o: Record<string, unknown> = { edition };
  for (const k of Object.keys(shape)) {
    const d = defaults[k];
    if (typeof d === 'boolean') o[k] = rnd(2) === 0;
    else if (typeof d === 'string' && shape[k]._zod.def.innerType?.options && k !== 'edition' && k !== 'firstStartPlayer') { const opts = shape[k]._zod.def.innerType.options; o[k] = opts[rnd(opts.length)]; }
  }
  o.token = [null, 'dagger', 'coin', 'amulet', 'bullet'][rnd(5)];
  if (mix) { const m: Record<string, string> = {}; for (let n = 0; n < 14; n++) { const c = ['amulet', 'coin', 'dagger', 'bullet', 'promo'][rnd(5)]!; if (c === 'promo' && ![0, 3, 5, 12].includes(n)) continue; if (rnd(2)) m[String(n)] = c; } o.mix = m; }
  return o;
}
const all = createHash('sha256');
let moves = 0, playouts = 0;
for (const seats of [2, 3, 4])
  for (const edition of ['dagger', 'coin', 'amulet']) {
    const sets = [{ edition }, randomOptions(edition, false), randomOptions(edition, true), randomOptions(edition, true)];
    for (let k = 0; k < sets.length; k++) {
      const h = createHash('sha256');
      const rng = core.fastRng(1000 * seats + k);
      let s = core.seatedTable(t, { seats, options: sets[k], seed: `fp-${seats}-${edition}-${k}` });
      const setup = { seats, options: s.options };
      for (let i = 0; !s.ended && i < 3000; i++) {
        const st = t.status(s);
        h.update(JSON.stringify(s.play));
        for (let v = -1; v < seats; v++) h.update(JSON.stringify(game.view(s.play, v < 0 ? null : v)));
        for (const seat of st.toMove) h.update(JSON.stringify(game.legalCommands(s.play, seat)));
        const seat = st.toMove[rng.int(st.toMove.length)];
        const legal = t.legalMoves(s, seat);
        const g = policy(game.view(s.play, seat), game.legalCommands(s.play, seat), rng, { game, seat, setup });
        h.update(JSON.stringify(g));
        const move = (seat + i) % 3 === 0 ? legal[rng.int(legal.length)] : legal.find((m: unknown) => JSON.stringify(m) === JSON.stringify(g));
        const d = t.decide(s, { type: 'move', seat, move });
        h.update(JSON.stringify(d.events ?? d));
        if (i % 7 === 0) {
          const w = game.sampleWorld(game.view(s.play, seat), seat, rng, setup);
          h.update(JSON.stringify(w));
          h.update(JSON.stringify(rollout.playOut(game, w, policy, setup, rng)));
          playouts++;
        }
        s = t.fold(d, s);
        moves++;
      }
      const digest = h.digest('hex');
      all.update(digest);
      console.log(`${seats} ${edition} set${k} ${digest.slice(0, 16)}`);
    }
  }
console.log(`moves ${moves} playouts ${playouts} ALL ${all.digest('hex')}`);
