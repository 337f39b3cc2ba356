/**
 * The games of a round. Each table plays `seats` games, one per rotation, so each entrant holds
 * each seat once in the round. Duplicate: the tables share the round's boards (board b is the
 * same deal at every table), and the rotation also shifts by table, so the same cards go to
 * different entrants at different tables. Without duplicate every game is its own board.
 */

export interface PlannedGame {
  board: number;
  table: number;
  /** Entrant per seat. */
  seats: number[];
}

export function roundGames(tables: readonly number[][], seats: number, duplicate: boolean): PlannedGame[] {
  return tables.flatMap((members, table) =>
    Array.from({ length: seats }, (_, rotation) => ({
      board: duplicate ? rotation : table * seats + rotation,
      table,
      seats: Array.from({ length: seats }, (_, seat) => members[(seat + rotation + table) % seats]!),
    })),
  );
}

export const boardCount = (tables: number, seats: number, duplicate: boolean) => (duplicate ? seats : tables * seats);
