/** legalCommands: the active seat's next steps; every list is small (at most ~110 duo pairs). */
import { duoOf } from './cards.js';
import type { Command } from './commands.js';
import { canCall, effectPossible, keepPiles, openPiles, stealTargets } from './queries.js';
import type { State } from './state.js';

export function legalCommands(s: State, seat: number): Command[] {
  if (s.result !== null || seat !== s.active) return [];
  switch (s.phase) {
    case 'draw': {
      const out: Command[] = openPiles(s).map((pile) => ({ type: 'takeDiscard', pile }));
      if (s.deck.length > 0) out.unshift({ type: 'draw' });
      return out.length > 0 ? out : [{ type: 'endTurn' }];
    }
    case 'keep':
      return s.drawn.flatMap((card) => keepPiles(s).map((pile): Command => ({ type: 'keep', card, pile })));
    case 'play': {
      const hand = s.hands[seat]!;
      const out: Command[] = [];
      for (let i = 0; i < hand.length; i++) {
        for (let j = i + 1; j < hand.length; j++) {
          const duo = duoOf(hand[i]!, hand[j]!);
          if (duo && (s.options.allowDuoWithoutEffect || effectPossible(s, seat, duo))) out.push({ type: 'playDuo', cards: [hand[i]!, hand[j]!] });
        }
      }
      out.push({ type: 'endTurn' });
      if (canCall(s, seat)) out.push({ type: 'stop' }, { type: 'lastChance' });
      return out;
    }
    case 'crabPile':
      return openPiles(s).map((pile) => ({ type: 'choosePile', pile }));
    case 'crabCard':
      return s.discards[s.crabPile!]!.map((card) => ({ type: 'chooseCard', card }));
    case 'shark':
      return stealTargets(s, seat).map((opponent) => ({ type: 'chooseOpponent', opponent }));
    case 'over':
      return [];
  }
}
