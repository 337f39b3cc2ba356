/** The digest's text: how many games await, each named and linked, and how to stop these mails. */
import { gameLink } from '../game-label.js';

export interface AwaitingGame {
  gameId: string;
  /** "SCOUT vs Ann". */
  label: string;
  deadline: string | null;
}

export function digestMail(listed: AwaitingGame[], total: number, publicUrl: string, unsubscribeUrl: string) {
  const subject = total === 1 ? `${listed[0]!.label} awaits your move` : `${total} games await your move`;
  const lines = listed.map((g) => `- ${g.label}${g.deadline ? ` (move by ${new Date(g.deadline).toUTCString()})` : ''}\n  ${gameLink(publicUrl, g.gameId)}`);
  const more = total > listed.length ? [`…and ${total - listed.length} more.`] : [];
  const text = [subject + '.', '', ...lines, ...more, '', `No more emails: ${unsubscribeUrl}`].join('\n');
  // RFC 8058: mail clients offer one-click unsubscribe from these headers.
  return { subject, text, headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}
