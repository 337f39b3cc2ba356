/**
 * One account on every device: passkeys, device links, the devices a player is signed in on,
 * and (a setting) an external identity provider's tokens. Built on services/players (tokens,
 * devices); the api reaches it through PlayApi.accounts.
 */
import { createHash } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { AppError } from '../app/errors.js';
import type { Credential } from '../app/service.js';
import type { Device } from '../players/devices.js';
import { playerOf, type PlayerAuth, type Players } from '../players/index.js';
import type { Player } from '../players/registry.js';
import { Challenges } from './challenges.js';
import { DeviceLinks, type DeviceLink } from './device-links.js';
import { OidcIdentities } from './oidc.js';
import { Passkeys, type Passkey, type RelyingParty } from './passkeys.js';
import type { AccountSettings } from './settings.js';

export class Accounts {
  readonly links: DeviceLinks;
  readonly passkeys: Passkeys;

  constructor(
    private readonly players: Players,
    client: DynamoDBClient,
    tableName: string,
    signingSecret: () => Promise<string>,
    private readonly now: () => number,
    private readonly settings: AccountSettings = {},
  ) {
    this.links = new DeviceLinks(client, tableName, settings.deviceLinkTtlMs);
    // The challenges' key is derived from the token secret, for this use only.
    const key = async () => createHash('sha256').update('parlor passkey challenges\0').update(await signingSecret()).digest();
    this.passkeys = new Passkeys(client, tableName, new Challenges(client, tableName, key));
    if (settings.oidc) players.acceptExternal(new OidcIdentities(settings.oidc, client, tableName, players.registry, now));
  }

  createDeviceLink(credential: Credential): Promise<DeviceLink> {
    return this.links.create(playerOf(credential), this.now());
  }

  async redeemDeviceLink(code: string, userAgent?: string): Promise<PlayerAuth> {
    return this.players.signIn(await this.player(await this.links.redeem(code, this.now())), 'DEVICE_LINK', userAgent);
  }

  devices(player: string): Promise<Device[]> {
    return this.players.devices.list(player);
  }

  /** Signs the device out: its tokens are refused from the next request on. */
  async revokeDevice(credential: Credential, id: string): Promise<boolean> {
    if (id.length > 100) throw new AppError('BAD_INPUT', 'not a device id');
    return this.players.devices.revoke(playerOf(credential), id);
  }

  /** Signs out the device the credential's token belongs to. */
  signOut(credential: Credential): Promise<boolean> {
    const player = playerOf(credential);
    const device = credential && typeof credential === 'object' && 'device' in credential ? credential.device : undefined;
    if (device === undefined) throw new AppError('BAD_INPUT', 'this token names no device (an identity provider’s token)');
    return this.players.devices.revoke(player, device);
  }

  /** The relying party of a ceremony: the configured origin, else the one the request names. */
  relyingParty(requestOrigin: string | undefined): RelyingParty {
    const origin = this.settings.passkeyOrigin ?? requestOrigin;
    if (!origin) throw new AppError('BAD_INPUT', 'a passkey ceremony needs the page’s Origin header');
    let host: string;
    try {
      host = new URL(origin).hostname;
    } catch {
      throw new AppError('BAD_INPUT', 'the Origin header is not a URL');
    }
    return { origin, id: this.settings.passkeyRpId ?? host };
  }

  async passkeyRegistrationOptions(credential: Credential, rp: RelyingParty) {
    return this.passkeys.registrationOptions(await this.player(playerOf(credential)), rp, this.now());
  }

  registerPasskey(credential: Credential, response: RegistrationResponseJSON, rp: RelyingParty): Promise<Passkey> {
    return this.passkeys.register(playerOf(credential), response, rp, this.now());
  }

  passkeySignInOptions(rp: RelyingParty) {
    return this.passkeys.signInOptions(rp, this.now());
  }

  async signInWithPasskey(response: AuthenticationResponseJSON, rp: RelyingParty, userAgent?: string): Promise<PlayerAuth> {
    return this.players.signIn(await this.player(await this.passkeys.signIn(response, rp, this.now())), 'PASSKEY', userAgent);
  }

  private async player(id: string): Promise<Player> {
    const player = await this.players.registry.get(id);
    if (!player) throw new AppError('NOT_FOUND', 'no such player');
    return player;
  }
}
