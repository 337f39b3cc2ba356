/** start and decide: the rules (§2.4, §3, §4). All randomness is drawn here and written into events. */
import { Emitter, ensure, illegal, shuffle, type Rng } from '../../core/index.js';
import { ALL_IDS, duoOf, MERMAIDS } from './cards.js';
import type { Command } from './commands.js';
import type { Event, RoundEnd } from './events.js';
import { evolve } from './evolve.js';
import { canCall, effectPossible, keepPiles, somethingToTake, stealTargets } from './queries.js';
import { cardPoints, colourBonus, mermaidsHeld, roundScores, winners } from './scoring.js';
import type { State } from './state.js';

/** The turn's events and the state they lead to, with the rules that emit several at once. */
class Turn extends Emitter<State, Event> {
  constructor(
    s: State,
    private readonly rng: Rng,
  ) {
    super(s, evolve);
  }

  /** §2.4 round setup: shuffle all 58, turn two over as the discard piles; hands start empty. */
  newRound(starter: number) {
    const cards = shuffle(ALL_IDS, this.rng);
    return this.emit({ type: 'RoundStarted', round: this.state.round + 1, starter, deckCount: cards.length - 2, discards: [cards[0]!, cards[1]!], deck: cards.slice(2) });
  }

  /** §4.4 / E12: all four mermaids in the active player's possession win at once. */
  mermaidCheck(seat: number) {
    const s = this.state;
    if (mermaidsHeld([...s.hands[seat]!, ...s.played[seat]!]) === MERMAIDS) this.emit({ type: 'GameOver', reason: 'FOUR_MERMAIDS', winners: [seat], scores: s.totals });
    return this;
  }

  /** §4: ends the round, scored (STOP / LAST CHANCE) or not (empty draw pile), then a new round or the game end. */
  endRound(reason: RoundEnd, ender: number) {
    const s = this.state;
    const n = s.seats;
    const o = s.options;
    const scored = reason !== 'EMPTY_DECK';
    const points = s.hands.map((h, i) => cardPoints(h, s.played[i]!, o.whiteCountsAsColour).total);
    const bonus = s.hands.map((h, i) => colourBonus(h, s.played[i]!, o.whiteCountsAsColour));
    const caller = scored ? s.call!.caller : null;
    const { scores, betWon } = roundScores(reason, caller, points, bonus);
    const totals = s.totals.map((t, i) => t + scores[i]!);
    const nextStarter = (scored || o.emptyDeckNextStarter === 'LEFT_OF_LAST_PLAYER' ? ender + 1 : s.starter + 1) % n;
    this.emit({
      type: 'RoundEnded',
      round: s.round,
      reason,
      caller,
      betWon,
      hands: scored ? s.hands : null,
      played: scored ? s.played : null,
      cardPoints: scored ? points : null,
      colourBonus: scored ? bonus : null,
      scores,
      totals,
      nextStarter,
    });
    if (scored && Math.max(...totals) >= s.target) {
      return this.emit({ type: 'GameOver', reason: 'TARGET', winners: winners(totals, scores, s.lastTurn, o), scores: totals });
    }
    return this.newRound(nextStarter);
  }

  /** `seat`'s turn is over; `next` takes the next one (null: nobody, the round ends). */
  ended(seat: number, next: number | null) {
    return this.emit({ type: 'TurnEnded', seat, next });
  }

  /** The end of a turn: LAST CHANCE reveals and final turns, the empty-pile check (§3 special case), the next player. */
  endTurn(seat: number) {
    const s = this.state;
    const o = s.options;
    if (s.call?.kind === 'LAST_CHANCE') {
      if (seat !== s.call.caller && o.lastChanceRevealTiming === 'AFTER_OWN_FINAL_TURN') this.emit({ type: 'HandRevealed', seat, hand: s.hands[seat]! });
      const remaining = s.finalTurns.filter((p) => p !== seat);
      // ROUND_VOID: a turn that leaves the pile empty voids the round, but a call made on a pile
      // that was already empty stands (E9): the final turns use the discard piles.
      if (o.emptyDeckAfterLastChance === 'ROUND_VOID' && s.deck.length === 0 && !s.call.drawPileEmpty) return this.ended(seat, null).endRound('EMPTY_DECK', seat);
      if (remaining.length === 0) return this.ended(seat, null).endRound('LAST_CHANCE', s.call.caller);
      return this.ended(seat, remaining[0]!);
    }
    if (s.deck.length === 0) return this.ended(seat, null).endRound('EMPTY_DECK', seat);
    return this.ended(seat, (seat + 1) % s.seats);
  }
}

export function start(s: State, rng: Rng): Event[] {
  return new Turn(s, rng).newRound(rng.int(s.seats)).events;
}

/** Refuses `what` outside `phase` (the message is built only when refusing). */
function inPhase(s: State, phase: State['phase'], what: string) {
  if (s.phase !== phase) illegal(`${what} is not possible now (phase ${s.phase})`);
}

export function decide(s: State, c: Command, seat: number, rng: Rng): Event[] {
  ensure(s.result === null, 'the game is over');
  ensure(seat === s.active, 'it is not your turn');
  const t = new Turn(s, rng);
  switch (c.type) {
    case 'draw': {
      inPhase(s, 'draw', 'drawing');
      ensure(s.deck.length > 0, 'the draw pile is empty');
      const cards = s.deck.slice(0, 2);
      t.emit({ type: 'Drew', seat, count: cards.length, cards });
      return (cards.length === 1 ? t.mermaidCheck(seat) : t).events;
    }
    case 'keep': {
      inPhase(s, 'keep', 'keeping a drawn card');
      ensure(s.drawn.includes(c.card), 'that card is not one of the two you drew');
      ensure(keepPiles(s).includes(c.pile), 'the other card must go on the empty discard pile');
      const discarded = s.drawn.find((x) => x !== c.card)!;
      return t.emit({ type: 'Kept', seat, card: c.card, discarded, pile: c.pile }).mermaidCheck(seat).events;
    }
    case 'takeDiscard': {
      inPhase(s, 'draw', 'taking a discard');
      const pile = s.discards[c.pile]!;
      ensure(pile.length > 0, 'that discard pile is empty');
      return t.emit({ type: 'TookDiscard', seat, pile: c.pile, card: pile.at(-1)! }).mermaidCheck(seat).events;
    }
    case 'playDuo': {
      inPhase(s, 'play', 'playing a duo');
      const [a, b] = c.cards;
      const hand = s.hands[seat]!;
      const duo = duoOf(a, b);
      ensure(hand.includes(a) && hand.includes(b) && duo !== null, 'those two cards are not a duo in your hand');
      const effect = effectPossible(s, seat, duo);
      ensure(effect || s.options.allowDuoWithoutEffect, "this duo's effect is impossible now");
      t.emit({ type: 'DuoPlayed', seat, cards: a < b ? [a, b] : [b, a], duo, effect });
      if (effect && duo === 'fish') t.emit({ type: 'FishDrew', seat, card: s.deck[0]! }).mermaidCheck(seat);
      if (effect && duo === 'boat' && s.options.emptyDeckCheckBeforeBoatExtraTurn && s.call === null && s.deck.length === 0) t.endRound('EMPTY_DECK', seat);
      return t.events;
    }
    case 'choosePile':
      inPhase(s, 'crabPile', 'choosing a discard pile');
      ensure(s.discards[c.pile]!.length > 0, 'that discard pile is empty');
      return t.emit({ type: 'PileChosen', seat, pile: c.pile }).events;
    case 'chooseCard':
      inPhase(s, 'crabCard', 'taking a card from a discard pile');
      ensure(s.discards[s.crabPile!]!.includes(c.card), 'that card is not in the chosen discard pile');
      return t.emit({ type: 'CardTaken', seat, pile: s.crabPile!, card: c.card }).mermaidCheck(seat).events;
    case 'chooseOpponent': {
      inPhase(s, 'shark', 'choosing an opponent');
      ensure(stealTargets(s, seat).includes(c.opponent), 'that opponent has no card you may take');
      const victim = s.hands[c.opponent]!;
      const card = victim[rng.int(victim.length)]!;
      return t.emit({ type: 'Stole', seat, from: c.opponent, card, victimRevealed: s.revealed[c.opponent]! }).mermaidCheck(seat).events;
    }
    case 'endTurn':
      if (!(s.phase === 'play' || (s.phase === 'draw' && !somethingToTake(s)))) ensure(false, `ending the turn is not possible now (phase ${s.phase})`);
      return t.endTurn(seat).events;
    case 'stop':
    case 'lastChance': {
      inPhase(s, 'play', 'calling');
      ensure(s.call === null, 'the end of this round has already been called');
      ensure(canCall(s, seat), 'calling needs at least 7 card points');
      t.emit({ type: 'Called', seat, call: c.type === 'stop' ? 'STOP' : 'LAST_CHANCE', hand: s.hands[seat]! });
      return (c.type === 'stop' ? t.emit({ type: 'TurnEnded', seat, next: null }).endRound('STOP', seat) : t.endTurn(seat)).events;
    }
  }
}
