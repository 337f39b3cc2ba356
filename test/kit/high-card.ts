/**
 * A toy game that exercises the whole contract in a few lines, for core and api tests:
 * each seat is dealt one hidden card; every seat then chooses at once, hidden, to keep it
 * or swap it for the next card of the deck; then the cards are revealed, the highest wins.
 */
import { z } from 'zod';
import { dealUnseen, defineGame, ensure, shuffle, unseen, type Viewer } from '../../services/engine/core/index.js';

type Event =
  | { type: 'Dealt'; hands: (number | null)[]; deck: number[] }
  | { type: 'Chose'; seat: number; swap: boolean | null }
  | { type: 'Revealed'; cards: number[] };

/** The deck `start` shuffles (ten cards, whatever the option says). */
const DECK = [...Array(10).keys()].map((i) => i + 1);

interface View {
  hand: number | null;
  chosen: boolean[];
  revealed: number[] | null;
}

interface State {
  seats: number;
  hands: number[];
  deck: number[];
  choices: (boolean | null)[];
  revealed: boolean;
}

const command = z.discriminatedUnion('type', [
  z.object({ type: z.literal('choose'), swap: z.boolean() }),
  // Well-formed but never legal: lets tests see a rule refusal (ILLEGAL_MOVE).
  z.object({ type: z.literal('pass') }),
]);

export const highCard = defineGame({
  id: 'high-card',
  names: { en: 'High Card', fa: 'کارت بالا' },
  seats: { min: 2, max: 4 },
  options: z.object({ cards: z.number().int().min(4).max(20).default(10).describe('Cards in the deck, numbered 1..cards') }),
  command,
  viewType: 'HighCardView',
  viewSchema: /* GraphQL */ `
    "The toy game's view: your card until the reveal, who has chosen, and the revealed cards."
    type HighCardView {
      hand: Int
      chosen: [Boolean!]!
      revealed: [Int!]
    }
  `,
  initialState: ({ seats }): State => ({ seats, hands: [], deck: [], choices: Array(seats).fill(null), revealed: false }),
  start: (s: State, rng): Event[] => {
    const deck = shuffle(DECK, rng);
    return [{ type: 'Dealt', hands: deck.slice(0, s.seats), deck: deck.slice(s.seats) }];
  },
  decide(s: State, c: z.infer<typeof command>, seat): Event[] {
    ensure(c.type === 'choose', 'passing is not allowed: keep or swap');
    ensure(s.choices[seat] === null, 'already chose');
    const chose: Event = { type: 'Chose', seat, swap: c.swap };
    const choices = s.choices.map((x, i) => (i === seat ? c.swap : x));
    if (choices.some((x) => x === null)) return [chose];
    let next = 0;
    const cards = s.hands.map((h, i) => (choices[i] ? s.deck[next++]! : h));
    return [chose, { type: 'Revealed', cards }];
  },
  evolve(s: State, e: Event): State {
    switch (e.type) {
      case 'Dealt':
        return { ...s, hands: e.hands as number[], deck: e.deck };
      case 'Chose':
        return { ...s, choices: s.choices.map((x, i) => (i === e.seat ? e.swap : x)) };
      case 'Revealed':
        return { ...s, hands: e.cards, revealed: true };
    }
  },
  legalCommands: (s: State, seat) => (s.revealed || s.choices[seat] !== null ? [] : [{ type: 'choose' as const, swap: false }, { type: 'choose' as const, swap: true }]),
  view: (s: State, viewer: Viewer): View => ({
    hand: viewer === null || s.revealed ? null : (s.hands[viewer] ?? null),
    chosen: s.choices.map((x) => x !== null),
    revealed: s.revealed ? s.hands : null,
  }),
  redact(e: Event, viewer: Viewer): Event {
    if (e.type === 'Dealt') return { type: 'Dealt', hands: e.hands.map((h, i) => (i === viewer ? h : null)), deck: [] };
    if (e.type === 'Chose' && e.seat !== viewer) return { ...e, swap: null };
    return e;
  },
  // The seat knows its card (or, after the reveal, every hand); the other cards, the deck's order
  // and every choice (its own too: the view only says who has chosen) are drawn.
  sampleWorld(v: View, seat, rng, { seats }): State {
    const choices = v.chosen.map((c) => (c ? rng.int(2) === 1 : null));
    if (v.revealed) return { seats, hands: v.revealed, deck: dealUnseen(unseen(DECK, v.revealed), [], rng).rest, choices, revealed: true };
    const { places, rest } = dealUnseen(unseen(DECK, [v.hand!]), [seats - 1], rng);
    const hands = places[0]!;
    hands.splice(seat, 0, v.hand!);
    return { seats, hands, deck: rest, choices, revealed: false };
  },
  status: (s: State) => {
    if (!s.revealed) return { phase: 'choose', toMove: s.choices.flatMap((x, i) => (x === null ? [i] : [])), over: false, result: null };
    const best = Math.max(...s.hands);
    return { phase: 'over', toMove: [], over: true, result: { scores: s.hands, winners: s.hands.flatMap((h, i) => (h === best ? [i] : [])) } };
  },
});
