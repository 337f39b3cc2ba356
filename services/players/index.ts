/**
 * Registered players: who they are (registry), how they prove it (tokens) and what waits for
 * them (inbox). The api turns a bearer token into a Credential here; the service only ever
 * sees the verified player id.
 */
import { AppError } from '../app/errors.js';
import type { Credential } from '../app/service.js';
import type { Inbox } from './inbox.js';
import type { Player, PlayerKind, PlayerRegistry } from './registry.js';
import { isPlayerToken, type PlayerTokens } from './tokens.js';

export class Players {
  private tokensNow: Promise<PlayerTokens> | undefined;

  /** `tokens` is called once, on first use (on AWS it reads the signing secret). */
  constructor(
    readonly registry: PlayerRegistry,
    private readonly loadTokens: () => Promise<PlayerTokens>,
    readonly inbox: Inbox,
  ) {}

  tokens(): Promise<PlayerTokens> {
    return (this.tokensNow ??= this.loadTokens().catch((e: unknown) => {
      this.tokensNow = undefined;
      throw e;
    }));
  }

  /** `BOT`: a bot its author runs; the token says so, and so does every seat it takes. */
  async register(name: string, kind: PlayerKind = 'HUMAN'): Promise<{ player: Player; token: string }> {
    const player = await this.registry.register(name, kind);
    return { player, token: await (await this.tokens()).sign({ player: player.id, name: player.name, ...(kind === 'BOT' && { bot: true }) }) };
  }

  /** A bearer token as a credential: seat tokens pass through, player tokens are verified. */
  async credential(bearer: string | undefined): Promise<Credential> {
    if (bearer === undefined || !isPlayerToken(bearer)) return bearer;
    const tokens = await this.tokens();
    try {
      const claims = await tokens.verify(bearer);
      return { player: claims.player, ...(claims.bot && { bot: claims.bot }) };
    } catch (e) {
      return { refused: (e as Error).message };
    }
  }
}

/** The player a credential names, or UNAUTHENTICATED. */
export function playerOf(credential: Credential): string {
  if (credential && typeof credential === 'object') {
    if ('player' in credential) return credential.player;
    throw new AppError('UNAUTHENTICATED', credential.refused);
  }
  throw new AppError('UNAUTHENTICATED', 'this needs a player token (registerPlayer)');
}
