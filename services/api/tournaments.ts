/** What the GraphQL and REST doors of tournaments share: reading CreateTournamentInput. */
import { AppError } from '../app/errors.js';
import { timeControlOf, type TimeControlInput } from '../clocks/time-control.js';
import type { Format } from '../tournaments/events.js';
import type { CreateTournamentFields } from '../tournaments/service.js';
import type { PlayApi } from '../play-by-turn.js';
import type { Credential } from '../app/commands/core.js';

export interface TournamentInputFields {
  game: string;
  seats: number;
  rounds: number;
  format?: Format | null;
  duplicate?: boolean | null;
  timeControl?: TimeControlInput | null;
  options?: unknown;
  bots?: string[] | null;
  rated?: boolean | null;
  timeoutBot?: string | null;
}

export function tournamentInput(input: TournamentInputFields): CreateTournamentFields {
  const format = input.format ?? 'SWISS';
  if (format !== 'SWISS' && format !== 'ROUND_ROBIN') throw new AppError('BAD_INPUT', 'format is SWISS or ROUND_ROBIN');
  return {
    game: input.game,
    seats: input.seats,
    rounds: input.rounds,
    format,
    duplicate: input.duplicate ?? true,
    ...(input.timeControl && { timeControl: timeControlOf(input.timeControl) }),
    options: input.options ?? {},
    bots: input.bots ?? [],
    ...(input.rated && { rated: true }),
    ...(input.timeoutBot != null && { timeoutBot: input.timeoutBot }),
  };
}

/** The page's per-browser id (the same for every account signed in there): a header, checked. */
export const DEVICE_HEADER = 'parlor-device';
const DEVICE_ID = /^[A-Za-z0-9_-]{16,100}$/;

/** Where a join comes from: the client address, and the device (the page's header, else the token's device). */
export function joinSource(address: string, header: unknown, credential: Credential): { address: string; device?: string } {
  const device = typeof header === 'string' && DEVICE_ID.test(header) ? `page:${header}` : credential && typeof credential === 'object' && 'device' in credential && credential.device ? `token:${credential.device}` : undefined;
  return { address, ...(device && { device }) };
}

/** joinTournament: the calling player enters under its registered name (a rated tournament also reads its age and rated games). */
export async function joinTournament(play: PlayApi, id: string, player: string, source: { address?: string; device?: string } = {}) {
  const me = await play.players.registry.get(player);
  const t = await play.tournaments.get(id);
  const ratedGames = t.settings.rated ? ((await play.ratings.playerRatings(player)).find((r) => r.game === t.settings.game)?.games ?? 0) : 0;
  return play.tournaments.join(id, player, me?.name ?? player.slice(0, 8), { ...source, account: { createdAt: me?.createdAt, ratedGames } });
}
