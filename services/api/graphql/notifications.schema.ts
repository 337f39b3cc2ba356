/** The surface of notifications people see: Web Push subscriptions, the email digest, per-player settings. */
import { MAX_PUSH_SUBSCRIPTIONS } from '../../notifications/push/subscriptions.js';

export const notificationsSchema = /* GraphQL */ `
extend type Query {
  "The server's VAPID public key (base64url, RFC 8292): pass it to pushManager.subscribe as applicationServerKey."
  pushPublicKey: String!
}

extend type Mutation {
  """
  Adds this browser's Web Push subscription (PushSubscription.toJSON(): endpoint, keys.p256dh, keys.auth)
  for the calling player. At most ${MAX_PUSH_SUBSCRIPTIONS}: a newer one replaces the oldest; the same endpoint again replaces itself.
  """
  addPushSubscription(endpoint: String!, p256dh: String!, auth: String!): PushSubscription!
  "Removes one of the calling player's push subscriptions; false if it was not there."
  removePushSubscription(id: ID!): Boolean!
  "Where the email digest goes (the EMAIL channel is turned on); null removes the address."
  setEmail(address: String): NotificationSettings!
  "Which events reach the calling player, by which channels, and when not (quiet hours). An absent field keeps its value; quietHours: null clears them."
  setNotificationSettings(input: NotificationSettingsInput!): NotificationSettings!
}

extend type Player {
  "Which events reach me, how, and when not."
  notificationSettings: NotificationSettings!
  "The browsers that show my notifications."
  pushSubscriptions: [PushSubscription!]!
}

"A way notices reach a player."
enum NotificationChannel {
  "The player's webhooks (each also filters by its own events)."
  WEBHOOK
  "Web Push to the player's browsers, at once; none in quiet hours."
  PUSH
  "An email digest of the games awaiting the player, at most every digestEveryHours; it waits out quiet hours."
  EMAIL
}

"A browser's Web Push subscription (its keys are not shown again)."
type PushSubscription {
  id: ID!
  "The browser's push service URL."
  endpoint: String!
  "When it was added (ISO 8601)."
  createdAt: String!
}

"A player's notification settings."
type NotificationSettings {
  "The events that reach the player at all (default: every one)."
  events: [WebhookEvent!]!
  "The channels they may take (default: every one)."
  channels: [NotificationChannel!]!
  "When no push or email goes out; null: never quiet."
  quietHours: QuietHours
  "Where the digest goes; null: no email."
  email: String
  "The least time between two digests, in hours (1 to 168, default 6)."
  digestEveryHours: Int!
}

"A daily quiet span in the player's time zone."
type QuietHours {
  "HH:MM, local time, from which it is quiet."
  start: String!
  "HH:MM, local time, at which it ends (before start: the span crosses midnight)."
  end: String!
  "An IANA time zone, e.g. Europe/Paris."
  timeZone: String!
}

"A daily quiet span in the player's time zone."
input QuietHoursInput {
  "HH:MM, local time, from which it is quiet."
  start: String!
  "HH:MM, local time, at which it ends (before start: the span crosses midnight)."
  end: String!
  "An IANA time zone (default UTC)."
  timeZone: String
}

"What setNotificationSettings changes; an absent field keeps its value."
input NotificationSettingsInput {
  "The events that reach the player at all."
  events: [WebhookEvent!]
  "The channels they may take."
  channels: [NotificationChannel!]
  "null clears them."
  quietHours: QuietHoursInput
  "The least time between two digests, in hours (1 to 168)."
  digestEveryHours: Int
}
`;
