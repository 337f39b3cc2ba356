/**
 * Speed work must not change what the engine decides: seeded random games, per seat count and
 * for option sets that take other paths through the turn search (random draws and exchanges,
 * mandatory draws, boost, cumulative Six-Multiple, exchanges needing a gift), hashed over every
 * event, every legal-move list offered and every mover's view. The hashes were computed on the
 * code before the speed work; a change here is a change in rule behaviour. Events are hashed in
 * their older form (a RoundsRolled written out as the events it stands for): the hashes from
 * before it still hold, so its decide emits what the round-by-round decide did.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fastRng, randomBot, table, type TableState } from '../../../services/engine/core/index.js';
import { seledyne } from '../../../services/engine/games/seledyne/index.js';
import type { SeledyneEvent } from '../../../services/engine/games/seledyne/events.js';
import { expectMoversCanMove } from '../../kit/playthrough.js';

function playHashed(seats: number, options: object, seed: number) {
  const t = table(seledyne);
  const rng = fastRng(seed);
  const events = createHash('sha256');
  const offered = createHash('sha256');
  const add = (s: TableState | null, cmd: Parameters<typeof t.decide>[1]) => {
    const es = t.decide(s, cmd);
    // hashed in the form the hashes were made in: a run of rounds that played themselves
    // (RoundsRolled, rounds.ts) as the events it stands for
    events.update(JSON.stringify(es.flatMap((e) => seledyne.expand!(e as SeledyneEvent) ?? [e])));
    return t.fold(es, s);
  };
  let s = add(null, { type: 'create', game: 'seledyne', seats, options, seed: `golden-${seed}`, seedFixed: true });
  for (let i = 0; i < seats; i++) s = add(s, { type: 'join', name: `p${i}`, tokenHash: `${i}` });
  let moves = 0;
  while (!s.ended) {
    const toMove = t.status(s).toMove;
    expectMoversCanMove(toMove, seats, (x) => t.legalMoves(s, x));
    const seat = toMove[rng.int(toMove.length)]!;
    const view = t.view(s, seat);
    const legal = t.legalMoves(s, seat);
    // knownInHand and sumShown came after the hashes (issue 19) and have tests of their own
    // (known-in-hand.test.ts): left out
    offered.update(JSON.stringify([seat, view, legal], (key, x) => (key === 'knownInHand' || key === 'sumShown' ? undefined : x)));
    s = add(s, { type: 'move', seat, move: randomBot(view, legal, rng) });
    moves++;
  }
  return { moves, events: events.digest('hex').slice(0, 16), offered: offered.digest('hex').slice(0, 16) };
}

const VARIANTS: Record<string, object> = {
  defaults: {},
  'random draws': { ownerSeesReserve: false },
  'strict turn': { sixMultipleDrawsOptional: false, tributeBoostMode: 'MANDATORY', exchangeLimit: 'ONCE_PER_TURN', exchangeWithoutGiftAllowed: false, sixRuleDecisionMode: 'TURN_ORDER' },
  'cumulative, low values': { sixMultipleMode: 'CUMULATIVE', cardValues: [1, 1, 2, 2, 3, 3, 4, 4, 5, 5], lastRoundTermination: 'NO_LEGAL_GIFT', sumRuleCheckTiming: 'PER_GIFT_SEQUENTIAL', exchangeReserveCard: 'RANDOM', emptyHandMayTribute: false },
};

const GOLDEN: Record<string, Record<number, string>> = {
  'defaults': {
    2: '158:db38d93f7ba283ad:d1b3f41616c8b2ac 173:31fe9422baf1eaa7:c1adf270b723abf1 167:c01fb3fc01378d50:3df410512841cd9d',
    3: '265:2c92daaa246b25cb:8ccb5ea2dc31aa44 252:1fa3bc379a1c3c57:becc8ba1ac673cf8 265:653e8cb0c051b0ea:899d5da88dc04db4',
    4: '331:6a2c1df52d4a89a0:bbaa23d7f6ce0a4f 355:5bf4a72d5ac253a7:6bd1096034187fde 339:e5fe1644599fd93d:ea5ade394f235b75',
    5: '418:061accf456e7f8f8:572b3a58b9ecf922 443:349f017a3856684f:9ff67965d5fe1ab8 409:7f4ac408e1993421:7e02d52adaec6af4',
    6: '500:a1b287c867a08aae:63c6932f4a05df97 506:75aeab798ccb7b94:f2a8f9bef6a86df6 524:fa5fe9c56e037684:43ae8980da9e496f',
  },
  'random draws': {
    2: '146:dd68517d8722a75b:bc40b47a693e89ba 159:d3d92d3350b3e3fe:9e6807e27a7b73ed 163:d7ee3dc92f05fec4:f30513a8aaa6c89e',
    3: '228:5378e8c6246ca4c8:2cdcdf8a9447b290 237:c072f80933ada32d:9e39170cc163c94c 238:59b8095af3ffa121:e4d1c8cebc94039c',
    4: '291:1a704d45e0a5891e:d79d8a4234de92f4 305:791d2a7f08d8c464:7270efd876a4df28 298:20edaa29dfa12686:5d61cf6e4dd5fc00',
    5: '353:4a3da72c15f2b4d6:1a5c995f80823384 380:51ed0f1fe306d282:d1f22d1962010a78 370:2c3c508abc90cd56:2703ddb240cfbec4',
    6: '417:dec2064799e3b363:cf112553603ab786 464:cc9a7ccb39dd2272:524193a9dd0424f5 443:a235e97d98b4a1e8:27dd4b8ccaf065d6',
  },
  'strict turn': {
    2: '154:207af34f67ac3959:2c71da8e1416d516 166:4f82fc6441b0d5ee:b00a881f72db99ba 150:458e11752c2f8d45:79285edaf16ff661',
    3: '255:b7b6d798c386c3b1:189e582128baad71 252:7ed0482e0330ba8d:994f9008b3e0641b 239:1f0e7fe2b7ca73ce:395d632775a068d7',
    4: '319:069c485395d62379:a496967d886ebac9 327:c3af0c7d8395bcf7:ac9e2e3fa71fbeb1 310:8052d57d1b59774e:da997b13bbbbe609',
    5: '400:978bc3a45eaf37c5:b0b3b550f3a4feac 418:278e01f28f85a05f:78c7212efc7588ec 443:a74a0b28d904f5f4:67bb1da715e003f6',
    6: '492:67a27e3e0d06d194:59548778bdf6f55b 492:0a9307cde8338fa6:cb7280fdaa1c642f 471:7976b3552d10f39e:d29018691c7e941f',
  },
  'cumulative, low values': {
    2: '220:45a4dee29f78aa8e:b654f7cb970fdd1e 226:838aa5b1a93b59b2:d231c304218aa22f 213:94a23ab9ef01863c:25fde6f6042eb126',
    3: '298:25ff37f901215a23:be27404ef9c6a42f 300:bc66bf89606649fc:926983ee06a26f81 299:a7e65fd8a4216abd:b1a5e58a15377cfd',
    4: '384:ed68ebeb19e14a10:26e7904d69dc3f7d 364:ed49890239b723c8:2ae8cb8c02ef33c3 400:df6a3bdc70301110:4cf4e08b35c654ba',
    5: '443:8b87127adb95d852:47c5718eeeaee725 454:365bf757823f88fe:dfb308ecde14f28c 446:e0deae94d6a80089:ddd45cb2b9776e9f',
    6: '544:a34a4b49e7a5c490:ded27a60b41c2116 534:4feb30a05021895e:5133659c3e632d6a 535:8edf6f6db8a9918b:52211c58ccf6930e',
  },
};

describe('Seledyne plays exactly as before the speed work (events, legal moves and views of seeded random games)', () => {
  for (const [name, options] of Object.entries(VARIANTS))
    for (const seats of [2, 3, 4, 5, 6])
      it(`${name}, ${seats} seats`, () => {
        const runs = [1, 2, 3].map((seed) => playHashed(seats, options, seed));
        const got = runs.map((r) => `${r.moves}:${r.events}:${r.offered}`).join(' ');
        if (process.env.GOLDEN_PRINT) console.log(`GOLDEN ${JSON.stringify(name)} ${seats} ${got}`);
        expect(got).toBe(GOLDEN[name]?.[seats]);
      });
});
