/**
 * One account on every device (services/accounts): device links, the devices a player is signed
 * in on, signing out. Passkey ceremonies are REST routes (/v1/passkeys/…): WebAuthn speaks JSON.
 */
import { CODE_LENGTH } from '../../accounts/device-links.js';

export const accountsSchema = /* GraphQL */ `
extend type Mutation {
  """
  A short one-time code (${CODE_LENGTH} letters and digits, valid for minutes) that signs another device in as
  the calling player: type it there into redeemDeviceLink. A new code replaces the previous one.
  """
  createDeviceLink: DeviceLink!
  """
  Signs this device in as the player who created the code, which is then used up: a wrong, used or
  expired code is refused with NOT_FOUND. Tries are rate-limited per client address (RATE_LIMITED).
  """
  redeemDeviceLink(code: String!): PlayerAuth!
  "Signs one of the calling player's devices out: its tokens are refused from the next request on. True when it existed."
  revokeDevice(id: ID!): Boolean!
  "Signs out the device the calling token belongs to (revokeDevice of Device.current)."
  signOut: Boolean!
}

"A one-time code that signs another device in (createDeviceLink)."
type DeviceLink {
  "Shown as XXXX-XXXX; case, spaces and dashes do not matter when it is typed."
  code: String!
  "When it stops working (ISO 8601)."
  expiresAt: String!
}

"How a device signed in."
enum SignInMethod {
  "registerPlayer"
  REGISTER
  "A passkey (/v1/passkeys/authentication)"
  PASSKEY
  "A device link code (redeemDeviceLink)"
  DEVICE_LINK
  "A token from before devices, renewed"
  RENEWED
}

"A device the player is signed in on: each sign-in is one."
type Device {
  id: ID!
  "The client, as its User-Agent names it (\\"Chrome on Linux\\")."
  label: String!
  via: SignInMethod!
  "When it signed in (ISO 8601)."
  createdAt: String!
  "When it was last used (ISO 8601, to the day)."
  lastSeenAt: String!
  "The device this request comes from."
  current: Boolean!
}

extend type Player {
  "The devices signed in as me, most recently used first; revokeDevice signs one out."
  devices: [Device!]!
}
`;
