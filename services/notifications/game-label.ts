/**
 * How a message names a game: "SCOUT vs Ann" — the game type and the other seats' names, all
 * public (the lobby shows them). Nothing else of the game goes into a push or an email.
 */
import type { Aggregate } from '../app/aggregate.js';

export function gameLabel(agg: Aggregate, player: string): string {
  const others = agg.state.players.filter((_p, seat) => agg.app.players[seat] !== player).map((p) => p.name);
  const names = [...new Set(others)];
  const against = names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return against ? `${agg.table.game.names.en} vs ${against}` : agg.table.game.names.en;
}

/** The page's address of a game (the web client's hash route). */
export const gameLink = (publicUrl: string, gameId: string) => `${publicUrl.replace(/\/$/, '')}/#/game/${encodeURIComponent(gameId)}`;
