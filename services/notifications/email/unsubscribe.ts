/**
 * The digest's unsubscribe link: `<PUBLIC_URL>/v1/unsubscribe?token=<player>.<mac>`, the mac an
 * HMAC-SHA256 of the player id under a key derived from the player-token signing secret. It can
 * only turn email off for the player it names, so it needs no expiry; it changes nothing else.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const MAX_TOKEN = 200;

export class UnsubscribeTokens {
  private key: Buffer | undefined;

  constructor(private readonly secret: () => Promise<string>) {}

  async sign(player: string): Promise<string> {
    return `${Buffer.from(player).toString('base64url')}.${await this.mac(player)}`;
  }

  /** The player a token names, or null for anything not signed here. */
  async verify(token: string): Promise<string | null> {
    if (token.length > MAX_TOKEN) return null;
    const [encoded, mac, ...rest] = token.split('.');
    if (!encoded || !mac || rest.length) return null;
    const player = Buffer.from(encoded, 'base64url').toString('utf8');
    const expected = Buffer.from(await this.mac(player));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? player : null;
  }

  private async mac(player: string): Promise<string> {
    this.key ??= Buffer.from(hkdfSync('sha256', await this.secret(), 'parlor', 'email-unsubscribe', 32));
    return createHmac('sha256', this.key).update(`unsubscribe:${player}`).digest('base64url');
  }
}
