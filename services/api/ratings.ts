/** What the GraphQL and REST doors of ratings share: a player's public profile. */
import { parseBotSpec } from '../bots/kinds.js';
import type { PlayApi } from '../play-by-turn.js';
import { isBotRatingId } from '../ratings/outcome.js';

export interface ProfileDto {
  id: string;
  name: string;
  bot: boolean;
}

/** A registered player, or a server bot by its ladder id ("bot:search:2"); null for neither. */
export async function playerProfile(play: PlayApi, id: string): Promise<ProfileDto | null> {
  if (isBotRatingId(id)) {
    const spec = id.slice('bot:'.length);
    return parseBotSpec(spec) ? { id, name: spec, bot: true } : null;
  }
  const player = await play.players.registry.get(id);
  return player ? { id, name: player.name, bot: player.kind === 'BOT' } : null;
}
