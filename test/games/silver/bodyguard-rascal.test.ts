/**
 * Two face-up powers whose moment the rules fix: a Bodyguard's card is named when the Bodyguard
 * turns face-up (§4.1 #3, option bodyguardNaming), and the Rascal's extra card comes with every
 * Draw action, the Squire display's included (§4.1 #4, option rascalOnDisplayDraw).
 */
import { describe, expect, it } from 'vitest';
import { silver } from '../../../services/engine/games/silver/index.js';
import { cardsConserved, discard, draw, power, round, tgt } from './helpers.js';

const A = { edition: 'amulet' };
const call = { type: 'call' } as const;

describe('§4.1 #3 the Bodyguard names its card when it turns face-up', () => {
  // Seat 0's Revealer turns seat 1's Bodyguard face-up.
  const revealed = (o: object = {}) => round({ options: { ...A, ...o }, villages: [[1, 2, 5, 7, 8], [3, 7, 9]], deck: [6, 10, 10], deckSize: 10 }).all(0, draw, power, tgt(1, 0));

  it('§4.1 #3 a Bodyguard turned face-up by another player’s Revealer: its owner names the card at once (bodyguardNaming=whenFaceUp)', () => {
    const f = revealed();
    expect(silver.status(f.state).toMove).toEqual([1]);
    expect(f.legal(1)).toEqual([
      { type: 'guard', bodyguard: 0, position: 1 },
      { type: 'guard', bodyguard: 0, position: 2 },
    ]);
    expect(f.legal(0)).toEqual([]);
    const g = f.do(1, { type: 'guard', bodyguard: 0, position: 2 });
    expect(g.view(0).villages[1]!.cards.map((c) => c.guarded)).toEqual([true, false, true]);
    expect(silver.status(g.state).toMove).toEqual([1]); // seat 0's turn ended; seat 1's begins
    expect(g.legal(1)).toContainEqual(call); // naming was no free action of this turn (§3.6)
    cardsConserved(g.state);
  });

  it('§4.1 #3 bodyguardNaming=ownerTurn: until its owner’s turn the Bodyguard protects only itself; naming then is a free action, so no call', () => {
    const f = revealed({ bodyguardNaming: 'ownerTurn' });
    expect(silver.status(f.state).toMove).toEqual([1]);
    expect(f.view(0).villages[1]!.cards.map((c) => c.guarded)).toEqual([true, false, false]);
    const g = f.do(1, { type: 'guard', bodyguard: 0, position: 2 });
    expect(g.legal(1)).not.toContainEqual(call);
  });

  it('§4.1 #3 a Bodyguard turned face-up by another player’s coin (§5.3): its owner names the card at once, then the coin’s turn goes on', () => {
    const f = round({ options: { edition: 'coin', mix: { '3': 'amulet' } }, villages: [[1, 2], [3, 7, 9]], token: { holder: 0, active: true }, deckSize: 10 }).all(0, { type: 'token' }, tgt(1, 0));
    expect(silver.status(f.state).toMove).toEqual([1]);
    const g = f.do(1, { type: 'guard', bodyguard: 0, position: 1 });
    expect(silver.status(g.state).toMove).toEqual([0]);
    expect(g.legal(0)).toContainEqual(draw); // seat 0 has not taken its main action yet
  });

  it('§4.1 #3 a Bodyguard turned face-up in its owner’s own village by their Exposer: named at once too', () => {
    const f = round({ options: A, villages: [[3, 1, 2], [6]], deck: [5], deckSize: 10 }).all(0, draw, power, tgt(0, 0));
    expect(f.legal(0)).toEqual([
      { type: 'guard', bodyguard: 0, position: 1 },
      { type: 'guard', bodyguard: 0, position: 2 },
    ]);
    expect(silver.status(f.do(0, { type: 'guard', bodyguard: 0, position: 1 }).state).toMove).toEqual([1]);
  });
});

describe('§4.1 #4 the Rascal and the Squire display', () => {
  // Seat 0 has a face-up Rascal and a face-up Squire; seat 1 plays first, so the display fills (with the 9).
  const displayed = (o: object = {}) => round({ options: { ...A, ...o }, start: 1, villages: [[4, 1, 2], [6, 7]], up: [[0, 0], [0, 1]], deck: [8, 9, 10, 11], deckSize: 12 }).all(1, draw, discard);

  it('§4.1 #4 a Squire display draw is a Draw action: the Rascal adds an extra deck card (rascalOnDisplayDraw=true)', () => {
    const f = displayed();
    expect(f.view(0).display.map((c) => c.number)).toEqual([9]);
    const g = f.do(0, { type: 'draw', display: 0 });
    expect(g.view(0).hand.map((c) => c?.number)).toEqual([9, 10]);
    expect(g.view(1).hand.map((c) => c?.number ?? null)).toEqual([9, null]); // the display card is public, the deck card is not
    expect(g.legal(0)).toEqual([{ type: 'keep', index: 0 }, { type: 'keep', index: 1 }]);
    const h = g.do(0, { type: 'keep', index: 1 });
    expect(h.view(0).display.map((c) => c.number)).toEqual([9]); // the unkept display card goes back to the display
    expect(h.view(0).hand.map((c) => c?.number)).toEqual([10]);
    expect(h.legal(0)).toContainEqual(power); // kept from the deck: a normal draw
    cardsConserved(h.state);
  });

  it('§4.1 #4 keeping the display card: the deck card goes back on top; the display then refills from the deck as usual', () => {
    const g = displayed().all(0, { type: 'draw', display: 0 });
    expect(g.view(0).display).toEqual([]); // no refill while the Rascal choice is open
    const h = g.do(0, { type: 'keep', index: 0 });
    expect(h.view(0).hand.map((c) => c?.number)).toEqual([9]);
    expect(h.state.pending).toMatchObject({ kind: 'hold', from: 'display' });
    expect(h.view(1).display.map((c) => c.number)).toEqual([10]); // the returned top card, turned up by the refill
    cardsConserved(h.state);
  });

  it('§4.1 #4 rascalOnDisplayDraw=false: a display draw takes the display card alone', () => {
    const g = displayed({ rascalOnDisplayDraw: false }).do(0, { type: 'draw', display: 0 });
    expect(g.view(0).hand.map((c) => c?.number)).toEqual([9]);
    expect(g.state.pending).toMatchObject({ kind: 'hold', from: 'display' });
  });
});
