/**
 * Points. A game's result for a seat is its score difference: its score minus the mean of the
 * other seats'. Without duplicate a seat earns table points: 1 per opponent it outscored, ½ per
 * tie, divided by the number of opponents. With duplicate it earns matchpoints on its board: it
 * is compared with every other entrant who held the same seat's cards on that board (one per
 * table): 1 per one whose score difference it beat, ½ per tie, divided by their number. A board
 * counts once all its tables have ended (a board played at one table only falls back to table points).
 * A seat whose player resigned or forfeited ranks below every seat that stayed, whatever its
 * stand-in bot scored: it loses every comparison with one that stayed (at the table and on the board).
 */

export interface ScoredGame {
  /** The board across the whole tournament (e.g. "2:1": round 2, board 1). */
  board: string;
  /** Entrant per seat. */
  seats: number[];
  scores: number[];
  /** Seats whose player resigned or forfeited. */
  left?: number[];
}

export interface Standing {
  entrant: number;
  points: number;
  /** Sum of score differences: the tie-break. */
  difference: number;
  games: number;
}

export function scoreDifference(scores: readonly number[], seat: number): number {
  const others = scores.filter((_, s) => s !== seat);
  return scores[seat]! - others.reduce((a, b) => a + b, 0) / others.length;
}

/** What a seat is compared by: whether its player stayed (a leaver is below), then its value. */
type Mark = readonly [stayed: number, value: number];
const compare = (a: Mark, b: Mark) => a[0] - b[0] || a[1] - b[1];

/** 1 per mark below `mine`, ½ per equal one, over how many there are. */
function share(mine: Mark, others: readonly Mark[]): number {
  return others.reduce((p, o) => p + (compare(mine, o) > 0 ? 1 : compare(mine, o) === 0 ? 0.5 : 0), 0) / others.length;
}

export function tablePoints(scores: readonly number[], seat: number, left: readonly number[] = []): number {
  const mark = (s: number): Mark => [left.includes(s) ? 0 : 1, scores[s]!];
  return share(mark(seat), scores.map((_, s) => s).filter((s) => s !== seat).map(mark));
}

/** Each seat's points in each game, `games` being the complete boards' games (of any rounds). */
export function gamePoints(games: readonly ScoredGame[], duplicate: boolean): { entrant: number; points: number; difference: number }[] {
  const holders = new Map<string, { game: ScoredGame; mark: Mark }[]>(); // board#seat → its holders' marks (stayed, score difference)
  const key = (g: ScoredGame, seat: number) => `${g.board}#${seat}`;
  const markOf = (g: ScoredGame, seat: number): Mark => [g.left?.includes(seat) ? 0 : 1, scoreDifference(g.scores, seat)];
  if (duplicate) for (const g of games) g.seats.forEach((_, seat) => holders.set(key(g, seat), [...(holders.get(key(g, seat)) ?? []), { game: g, mark: markOf(g, seat) }]));
  return games.flatMap((g) =>
    g.seats.map((entrant, seat) => {
      const difference = scoreDifference(g.scores, seat);
      const others = (holders.get(key(g, seat)) ?? []).filter((h) => h.game !== g).map((h) => h.mark);
      const points = duplicate && others.length > 0 ? share(markOf(g, seat), others) : tablePoints(g.scores, seat, g.left);
      return { entrant, points, difference };
    }),
  );
}

/** Standings, best first: points, then score difference, then entry order. */
export function standings(entrants: number, points: readonly { entrant: number; points: number; difference: number }[]): Standing[] {
  const rows: Standing[] = Array.from({ length: entrants }, (_, entrant) => ({ entrant, points: 0, difference: 0, games: 0 }));
  for (const p of points) {
    const row = rows[p.entrant]!;
    row.points += p.points;
    row.difference += p.difference;
    row.games += 1;
  }
  return rows.sort((a, b) => b.points - a.points || b.difference - a.difference || a.entrant - b.entrant);
}
