/**
 * Registered players: who they are (registry), how they prove it (tokens, each tied to a device)
 * and what waits for them (inbox). The api turns a bearer token into a Credential here; the
 * service only ever sees the verified player id.
 */
import { AppError } from '../app/errors.js';
import type { Credential } from '../app/service.js';
import { deviceLabel, LEGACY_DEVICE, type Devices, type SignInMethod } from './devices.js';
import type { Inbox } from './inbox.js';
import type { Player, PlayerKind, PlayerRegistry } from './registry.js';
import { isPlayerToken, pastHalfLife, type PlayerTokens } from './tokens.js';

/** Another issuer's tokens (services/accounts/oidc.ts): `accepts` says whose a token is, `player` verifies it. */
export interface ExternalIdentities {
  accepts(token: string): boolean;
  player(token: string): Promise<string>;
}

/** The response header a renewed player token comes back in (REST and GraphQL over HTTP). */
export const RENEWED_TOKEN_HEADER = 'parlor-token';

export interface PlayerAuth {
  player: Player;
  token: string;
}

export class Players {
  private tokensNow: Promise<PlayerTokens> | undefined;
  private external: ExternalIdentities | undefined;

  /** `tokens` is called once, on first use (on AWS it reads the signing secret). */
  constructor(
    readonly registry: PlayerRegistry,
    private readonly loadTokens: () => Promise<PlayerTokens>,
    readonly inbox: Inbox,
    readonly devices: Devices,
  ) {}

  tokens(): Promise<PlayerTokens> {
    return (this.tokensNow ??= this.loadTokens().catch((e: unknown) => {
      this.tokensNow = undefined;
      throw e;
    }));
  }

  /** Accepts tokens of an external identity provider as well as our own (a setting: OIDC_ISSUER). */
  acceptExternal(external: ExternalIdentities): void {
    this.external = external;
  }

  /** `BOT`: a bot its author runs; the token says so, and so does every seat it takes. */
  async register(name: string, kind: PlayerKind = 'HUMAN', userAgent?: string): Promise<PlayerAuth> {
    const player = await this.registry.register(name, kind);
    return this.signIn(player, 'REGISTER', userAgent);
  }

  /** A new device for the player, and its token. */
  async signIn(player: Player, via: SignInMethod, userAgent?: string): Promise<PlayerAuth> {
    const tokens = await this.tokens();
    const device = await this.devices.add(player.id, via, deviceLabel(userAgent), tokens.now());
    return { player, token: await tokens.sign({ player: player.id, name: player.name, device: device.id, ...(player.kind === 'BOT' && { bot: true }) }) };
  }

  /**
   * A bearer token as a credential: seat tokens pass through, player tokens are verified, and
   * their device must still be signed in. A token past half its life is renewed: `renewed` hears
   * of the fresh one (the api returns it in the Parlor-Token header).
   */
  async credential(bearer: string | undefined, renewed?: (token: string) => void): Promise<Credential> {
    if (bearer === undefined || !isPlayerToken(bearer)) return bearer;
    try {
      if (this.external?.accepts(bearer)) return { player: await this.external.player(bearer) };
      const tokens = await this.tokens();
      const claims = await tokens.verify(bearer);
      // A token from before devices belongs to the player's one legacy device (devices.ts).
      const deviceId = claims.device ?? LEGACY_DEVICE;
      const device = claims.device === undefined ? await this.devices.legacy(claims.player, tokens.now()) : await this.devices.get(claims.player, claims.device);
      if (!device) throw new Error('this device was signed out');
      await this.devices.seen(claims.player, device, tokens.now());
      if (renewed && pastHalfLife(claims, tokens)) renewed(await tokens.sign({ player: claims.player, name: claims.name, device: deviceId, ...(claims.bot && { bot: true }) }));
      return { player: claims.player, ...(claims.bot && { bot: claims.bot }), device: deviceId };
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
