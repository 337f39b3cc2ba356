/**
 * Refusals with stable codes. The engine throws `RuleViolation`; the api turns the code
 * into a GraphQL `extensions.code` / HTTP status. Messages must never name hidden cards.
 */
export type ViolationCode = 'BAD_INPUT' | 'NOT_YOUR_TURN' | 'ILLEGAL_MOVE' | 'GAME_OVER' | 'FORBIDDEN';

export class RuleViolation extends Error {
  constructor(
    readonly code: ViolationCode,
    message: string,
    /** A move refused only for its spelling (not as listed): the listed move it most likely meant, if one (an api restates it in the form its client used). */
    readonly unlisted?: { meant?: unknown },
  ) {
    super(message);
    this.name = 'RuleViolation';
  }
}

/** Throws an `ILLEGAL_MOVE` (or the given code) unless `condition` holds. */
export function ensure(condition: unknown, message: string, code: ViolationCode = 'ILLEGAL_MOVE'): asserts condition {
  if (!condition) throw new RuleViolation(code, message);
}

export function illegal(message: string): never {
  throw new RuleViolation('ILLEGAL_MOVE', message);
}
