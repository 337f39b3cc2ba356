/**
 * Relay-style pages of a list (first / after): every list a client can ask for comes a page
 * at a time. The cursor is opaque to clients: the position's sort key, base64url-encoded.
 */
import { AppError } from './errors.js';

export interface Page<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

export const MAX_PAGE = 100;
export const DEFAULT_PAGE = 20;

/** BAD_INPUT unless a page size is 1 to MAX_PAGE. */
export function checkFirst(first: number): void {
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE) throw new AppError('BAD_INPUT', `first is 1 to ${MAX_PAGE}`);
}

const encode = (key: string) => Buffer.from(key, 'utf8').toString('base64url');
const decode = (cursor: string) => Buffer.from(cursor, 'base64url').toString('utf8');
/** The sort key a cursor stands for (for stores that page themselves). */
export const cursorKey = decode;

/** The page of `items` (already in order) after `after`, at most `first` long; `keyOf` must be unique and follow the order. */
export function pageOf<T>(items: readonly T[], keyOf: (item: T) => string, first = DEFAULT_PAGE, after?: string): Page<T> {
  checkFirst(first);
  let start = 0;
  if (after !== undefined) {
    const key = decode(after);
    start = items.findIndex((item) => keyOf(item) > key);
    if (start < 0) start = items.length;
  }
  const slice = items.slice(start, start + first);
  const edges = slice.map((node) => ({ cursor: encode(keyOf(node)), node }));
  return { edges, pageInfo: { hasNextPage: start + first < items.length, endCursor: edges.at(-1)?.cursor ?? null } };
}
