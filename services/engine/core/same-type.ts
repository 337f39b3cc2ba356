import type { z } from 'zod';
/** Compile-time equality of two types: `sameType<Same<A, B>>()` fails to compile when they differ (zod schemas kept equal to interfaces). */
// The keys too: an optional field one side lacks still lets each be assigned to the other.
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? ([keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false) : false) : false;
export const sameType = <T extends true>(): T => undefined as unknown as T;

/**
 * true when the schemas name exactly the event union's types and each infers exactly its case
 * (by `type`): a game's event schemas kept equal to its events at compile time.
 */
export type SameEvents<S extends Record<string, z.ZodType>, E extends { type: string }> =
  Same<keyof S, E['type']> extends true ? (false extends { [K in keyof S & string]: Same<z.infer<S[K]>, Extract<E, { type: K }>> }[keyof S & string] ? false : true) : false;

/** The event union a game's schemas describe: one source for a game's events, their types inferred. */
export type EventsOf<S extends Record<string, z.ZodType>> = { [K in keyof S]: z.infer<S[K]> }[keyof S];
