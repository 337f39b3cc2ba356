/**
 * A display name (a player's, a seat's, a tournament entrant's) is one line of plain text: others
 * see it in lists, headings and the digest email's lines, where a line break or a control
 * character would break the layout or fake a line (issue 36). Refused, never silently changed.
 */

// C0 and C1 controls (tab and line breaks included), the Unicode line and paragraph separators,
// and the bidirectional overrides and isolates that can disguise a text.
const NOT_IN_A_NAME = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const NOT_IN_A_NAME_G = new RegExp(NOT_IN_A_NAME.source, 'gu');

export const NAME_NOT_PLAIN = 'a name is one line of plain text: no line breaks or control characters';

export const isPlainName = (name: string): boolean => !NOT_IN_A_NAME.test(name);

/** A name taken from elsewhere (an identity provider's claim) made into one: each refused character becomes a space. */
export const plainName = (name: string): string => name.replace(NOT_IN_A_NAME_G, ' ').replace(/\s+/g, ' ').trim();
