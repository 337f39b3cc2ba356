/**
 * Sea Salt & Paper in the environment. Cards are named by their catalog id (0..57). A duo is two
 * tokens, its cards in ascending id order (a sub-action: the first card, then the second); every
 * other move is one token. Seats in the observation count from the viewer (0 = me).
 *
 * Tokens (244):
 *   0                       draw
 *   1 + 2·card + pile        keep `card`, the other drawn card to discard pile `pile`
 *   117 + pile               takeDiscard
 *   119 + card               playDuo, one of its two cards (lower id first, then the higher)
 *   177 + pile               choosePile (crab)
 *   179 + card               chooseCard (crab)
 *   237 + seat               chooseOpponent (shark + swimmer), the seat's number (not relative)
 *   241, 242, 243            endTurn, stop, lastChance
 */
import type { SeaSaltAndPaperView as SspView } from '../../engine/registry.js';
import { relative, slices, unknownMove, type GameSpace } from '../space.js';

const CARDS = 58;
const KEEP = 1;
const TAKE = KEEP + 2 * CARDS;
const DUO = TAKE + 2;
const PILE = DUO + CARDS;
const CARD = PILE + 2;
const OPP = CARD + CARDS;
const END = OPP + 4;
const SIZE = END + 3;
const PHASES = ['draw', 'keep', 'play', 'crabPile', 'crabCard', 'shark'];

type Move = { type: string; card?: number; pile?: number; cards?: number[]; opponent?: number };

export const seaSaltAndPaperSpace: GameSpace = {
  game: 'sea-salt-and-paper',
  compound: true,
  size: () => SIZE,
  encode(move) {
    const m = move as Move;
    switch (m.type) {
      case 'draw':
        return 0;
      case 'keep':
        return KEEP + 2 * m.card! + m.pile!;
      case 'takeDiscard':
        return TAKE + m.pile!;
      case 'playDuo': {
        const [a, b] = m.cards!;
        return a! < b! ? [DUO + a!, DUO + b!] : [DUO + b!, DUO + a!];
      }
      case 'choosePile':
        return PILE + m.pile!;
      case 'chooseCard':
        return CARD + m.card!;
      case 'chooseOpponent':
        return OPP + m.opponent!;
      case 'endTurn':
        return END;
      case 'stop':
        return END + 1;
      case 'lastChance':
        return END + 2;
    }
    return unknownMove('sea-salt-and-paper', move);
  },
  tokenName(t) {
    if (t === 0) return 'draw';
    if (t < TAKE) return `keep:${Math.floor((t - KEEP) / 2)}:pile${(t - KEEP) % 2}`;
    if (t < DUO) return `takeDiscard:${t - TAKE}`;
    if (t < PILE) return `duoCard:${t - DUO}`;
    if (t < CARD) return `choosePile:${t - PILE}`;
    if (t < OPP) return `chooseCard:${t - CARD}`;
    if (t < END) return `chooseOpponent:${t - OPP}`;
    if (t < SIZE) return ['endTurn', 'stop', 'lastChance'][t - END]!;
    throw new RangeError(`sea-salt-and-paper: no token ${t}`);
  },
  layout: (setup) =>
    slices([
      ['hand', CARDS, 'card ids in my hand'],
      ['drawn', CARDS, 'card ids I drew and must choose from'],
      ['piles', 2 * (2 * CARDS + 1), 'per discard pile: its top card (one-hot id), the cards I know are in it, its count / 58'],
      ['crab', CARDS, 'card ids of the pile I look through (crab duo)'],
      ['phase', PHASES.length + 1, 'one-hot: draw, keep, play, crabPile, crabCard, shark, other'],
      ['table', 8, 'round / 10; deck count / 58; I may call; a call was made; final turns left / seats; my card points / target; my colour bonus / 10; target / 50'],
      ['players', setup.seats * (2 * CARDS + 6), 'per seat relative to me: card ids known in its hand, card ids of its duos laid down, hand count / 20, revealed, protected, total / target, to move, I may steal from it'],
    ]),
  observe(view, seat, setup, put, at) {
    const v = view as SspView;
    const seats = setup.seats;
    for (const c of v.myHand ?? []) put(at.hand! + c.id, 1);
    for (const c of v.drawn ?? []) put(at.drawn! + c.id, 1);
    v.discards.forEach((d, p) => {
      const b = at.piles! + p * (2 * CARDS + 1);
      if (d.top) put(b + d.top.id, 1);
      for (const c of d.seen) put(b + CARDS + c.id, 1);
      put(b + 2 * CARDS, d.count / CARDS);
    });
    for (const c of v.crabPileCards ?? []) put(at.crab! + c.id, 1);
    const ph = PHASES.indexOf(v.phase);
    put(at.phase! + (ph < 0 ? PHASES.length : ph), 1);
    const t = at.table!;
    const target = v.targetScore || 30;
    put(t, v.round / 10);
    put(t + 1, v.deckCount / CARDS);
    put(t + 2, v.canCall ? 1 : 0);
    put(t + 3, v.call ? 1 : 0);
    put(t + 4, v.finalTurnsRemaining.length / seats);
    put(t + 5, (v.myPoints?.total ?? 0) / target);
    put(t + 6, (v.myColourBonus ?? 0) / 10);
    put(t + 7, target / 50);
    v.players.forEach((pv, p) => {
      const b = at.players! + relative(p, seat, seats) * (2 * CARDS + 6);
      for (const c of pv.known) put(b + c.id, 1);
      for (const d of pv.duos) for (const c of d.cards) put(b + CARDS + c.id, 1);
      const f = b + 2 * CARDS;
      put(f, pv.handCount / 20);
      put(f + 1, pv.revealed ? 1 : 0);
      put(f + 2, pv.protected ? 1 : 0);
      put(f + 3, pv.total / target);
      put(f + 4, v.toMove.includes(p) ? 1 : 0);
      put(f + 5, v.stealTargets.includes(p) ? 1 : 0);
    });
  },
};
