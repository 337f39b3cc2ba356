/**
 * SCOUT in the environment: every move is one token, and the observation is the seat's view laid
 * flat. Hand positions are bounded by the deck (45 cards), so the vocabulary and the tensor are
 * fixed for every seat count and option set.
 *
 * Tokens (2,396):
 *   0, 1                 rotate false / true (round start)
 *   2 + 45·from + to      show the hand's cards from..to (0 ≤ from ≤ to ≤ 44; pairs with from > to never occur)
 *   2,027 + 46·k + at     scout, k = 2·end + flip (end 0 left, 1 right; flip 0/1), at 0..45
 *   2,211 + 46·k + at     scoutShow (its scout step; the show follows as a `show` token)
 *   2,395                pass (2 players with twoPlayerAllowPass)
 */
import type { ScoutView } from '../../engine/registry.js';
import { relative, slices, unknownMove, type GameSpace, type Setup } from '../space.js';

const MAX = 45;
const SHOW = 2;
const SCOUT = SHOW + MAX * MAX;
const SCOUT_SHOW = SCOUT + 4 * (MAX + 1);
const PASS = SCOUT_SHOW + 4 * (MAX + 1);
const SIZE = PASS + 1;

type Card = NonNullable<ScoutView['hand']>[number];
type Move = { type: string; rotate?: boolean; from?: number; to?: number; end?: 'left' | 'right'; flip?: boolean; at?: number };

const scoutToken = (base: number, m: Move) => base + (2 * (m.end === 'right' ? 1 : 0) + (m.flip ? 1 : 0)) * (MAX + 1) + m.at!;

const layoutFor = (seats: number) =>
  slices([
    ['hand', MAX * 20, 'per hand position 0..44: one-hot of the card’s up value (1..10) in 10 floats, then one-hot of its down value in 10; all 0 past the hand’s end'],
    ['active', MAX * 20, 'the Active Set left to right, the same 20 floats per card as the hand'],
    ['phase', 3, 'one-hot: rotate, play, other (between rounds / over)'],
    ['round', 4, 'round / rounds; consecutive scouts / seats; Scout & Show pending (1: a show must follow); my rotation chosen'],
    ['players', seats * 8, 'per seat relative to me (0 = me, 1 = next …): hand count / 45, captured count / 45, scout chips / 10, Scout & Show chip, total / 50, owns the Active Set, to move, rotation chosen'],
    ['captured', MAX, 'card ids (0..44) captured this round by anyone (public)'],
    ['outOfRound', MAX, 'card ids I know are not in this round’s deal (2 players, round 2)'],
    ['known', seats * MAX, 'per seat relative to me: card ids scouted into its hand and still there (public identity)'],
  ]);

export const scoutSpace: GameSpace = {
  game: 'scout',
  compound: false,
  size: () => SIZE,
  encode(move) {
    const m = move as Move;
    switch (m.type) {
      case 'rotate':
        return m.rotate ? 1 : 0;
      case 'show':
        return SHOW + m.from! * MAX + m.to!;
      case 'scout':
        return scoutToken(SCOUT, m);
      case 'scoutShow':
        if (m.from === undefined && m.to === undefined) return scoutToken(SCOUT_SHOW, m);
        break;
      case 'pass':
        return PASS;
    }
    return unknownMove('scout', move);
  },
  tokenName(t) {
    if (t < SHOW) return `rotate:${t === 1}`;
    if (t < SCOUT) return `show:${Math.floor((t - SHOW) / MAX)}-${(t - SHOW) % MAX}`;
    if (t < PASS) {
      const kind = t < SCOUT_SHOW ? 'scout' : 'scoutShow';
      const r = t - (t < SCOUT_SHOW ? SCOUT : SCOUT_SHOW);
      const k = Math.floor(r / (MAX + 1));
      return `${kind}:${k >= 2 ? 'right' : 'left'}:${k % 2 === 1 ? 'flip' : 'keep'}:${r % (MAX + 1)}`;
    }
    if (t === PASS) return 'pass';
    throw new RangeError(`scout: no token ${t}`);
  },
  layout: (setup: Setup) => layoutFor(setup.seats),
  observe(view, seat, setup, put, at) {
    const v = view as ScoutView;
    const seats = setup.seats;
    const cards = (list: readonly Card[], base: number) => {
      for (let i = 0; i < list.length && i < MAX; i++) {
        const c = list[i]!;
        put(base + i * 20 + c.up - 1, 1);
        put(base + i * 20 + 10 + (c.up === c.lo ? c.hi : c.lo) - 1, 1);
      }
    };
    if (v.hand) cards(v.hand, at.hand!);
    if (v.activeSet) cards(v.activeSet.cards, at.active!);
    put(at.phase! + (v.phase === 'rotate' ? 0 : v.phase === 'play' ? 1 : 2), 1);
    const r = at.round!;
    put(r, v.round / v.rounds);
    put(r + 1, v.consecutiveScouts / seats);
    put(r + 2, v.scoutShowPending ? 1 : 0);
    put(r + 3, v.myRotation === null ? 0 : 1);
    const owner = v.activeSet ? v.activeSet.owner : -1;
    for (let p = 0; p < seats; p++) {
      const pv = v.players[p]!;
      const rel = relative(p, seat, seats);
      const b = at.players! + rel * 8;
      put(b, pv.handCount / MAX);
      put(b + 1, pv.capturedCount / MAX);
      put(b + 2, pv.scoutChips / 10);
      put(b + 3, pv.scoutShowChip ? 1 : 0);
      put(b + 4, pv.total / 50);
      put(b + 5, owner === p ? 1 : 0);
      put(b + 6, v.toMove.includes(p) ? 1 : 0);
      put(b + 7, pv.rotationChosen ? 1 : 0);
      for (const id of pv.captured) put(at.captured! + id, 1);
      for (const k of pv.knownCards) put(at.known! + rel * MAX + k.id, 1);
    }
    for (const id of v.outOfRound) put(at.outOfRound! + id, 1);
  },
};
