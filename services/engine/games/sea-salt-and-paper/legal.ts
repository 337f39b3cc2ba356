/** legalCommands: the active seat's next steps; every list is small (at most ~110 duo pairs). */
import { duoOf } from './cards.js';
import type { Command } from './commands.js';
import { canCall, effectPossible, keepPiles, openPiles, stealTargets } from './queries.js';
import type { State } from './state.js';

/*
 * Moves are values: each is built once, frozen and shared (as SCOUT's), so a legal list allocates
 * only itself, and a harness that writes moves (the lab's compact record) serialises each once.
 * Card ids, piles and seats are small integers, so these tables stay small.
 */
const DRAW: Command = Object.freeze({ type: 'draw' });
const END_TURN: Command = Object.freeze({ type: 'endTurn' });
const STOP: Command = Object.freeze({ type: 'stop' });
const LAST_CHANCE: Command = Object.freeze({ type: 'lastChance' });
const memo = (make: (n: number) => Command) => {
  const table: Command[] = [];
  return (n: number) => (table[n] ??= Object.freeze(make(n)));
};
const takeDiscard = memo((pile) => ({ type: 'takeDiscard', pile }));
const choosePile = memo((pile) => ({ type: 'choosePile', pile }));
const chooseCard = memo((card) => ({ type: 'chooseCard', card }));
const chooseOpponent = memo((opponent) => ({ type: 'chooseOpponent', opponent }));
const keeps: Command[][] = [];
const keep = (card: number, pile: number): Command => ((keeps[card] ??= [])[pile] ??= Object.freeze({ type: 'keep', card, pile }));
const duos: Command[][] = [];
const playDuo = (a: number, b: number): Command => ((duos[a] ??= [])[b] ??= Object.freeze({ type: 'playDuo', cards: Object.freeze([a, b]) as [number, number] }));

export function legalCommands(s: State, seat: number): Command[] {
  if (s.result !== null || seat !== s.active) return [];
  switch (s.phase) {
    case 'draw': {
      const out: Command[] = s.deck.length > 0 ? [DRAW] : [];
      for (const pile of openPiles(s)) out.push(takeDiscard(pile));
      return out.length > 0 ? out : [END_TURN];
    }
    case 'keep': {
      const piles = keepPiles(s);
      const out: Command[] = [];
      for (const card of s.drawn) for (const pile of piles) out.push(keep(card, pile));
      return out;
    }
    case 'play': {
      const hand = s.hands[seat]!;
      const out: Command[] = [];
      for (let i = 0; i < hand.length; i++) {
        for (let j = i + 1; j < hand.length; j++) {
          const duo = duoOf(hand[i]!, hand[j]!);
          if (duo && (s.options.allowDuoWithoutEffect || effectPossible(s, seat, duo))) out.push(playDuo(hand[i]!, hand[j]!));
        }
      }
      out.push(END_TURN);
      if (canCall(s, seat)) out.push(STOP, LAST_CHANCE);
      return out;
    }
    case 'crabPile':
      return openPiles(s).map(choosePile);
    case 'crabCard':
      return s.discards[s.crabPile!]!.map(chooseCard);
    case 'shark':
      return stealTargets(s, seat).map(chooseOpponent);
    case 'over':
      return [];
  }
}
