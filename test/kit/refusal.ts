/**
 * The kits that try a whole command space at a position (completeness, the refusals compared by
 * non-interference) see thousands of refusals. Each RuleViolation captured a stack trace when made,
 * which was most of those checks' CPU, and no one reads a refusal's stack: `refusalOf` decides
 * without capturing stacks. Anything else thrown is a bug, rethrown with its stack.
 */
import { RuleViolation } from '../../services/engine/core/index.js';

/** The refusal `decide` throws, or null if it accepts. */
export function refusalOf(decide: () => unknown): RuleViolation | null {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    decide();
    return null;
  } catch (e) {
    if (e instanceof RuleViolation) return e;
    // Decided again with stacks on (the rules are deterministic): the error a reader needs, with its stack.
    Error.stackTraceLimit = limit;
    decide();
    throw e;
  } finally {
    Error.stackTraceLimit = limit;
  }
}
