/**
 * A message's text as the game keeps it: plain text, trimmed, 1 to `max` characters (code
 * points), no control characters but line breaks and tabs. Nothing is escaped or interpreted:
 * the text is data, and every client renders it as text.
 */
import { AppError } from '../app/errors.js';

// C0 and C1 controls except \t and \n, and the bidirectional overrides that can disguise a text.
const FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

export function plainText(text: string, max: number): string {
  const trimmed = text.replace(/\r\n?/g, '\n').trim();
  const length = [...trimmed].length;
  if (length < 1 || length > max) throw new AppError('BAD_INPUT', `a message has 1 to ${max} characters`);
  if (FORBIDDEN.test(trimmed)) throw new AppError('BAD_INPUT', 'a message is plain text: no control characters');
  return trimmed;
}
