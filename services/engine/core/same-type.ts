/** Compile-time equality of two types: `sameType<Same<A, B>>()` fails to compile when they differ (zod schemas kept equal to interfaces). */
// The keys too: an optional field one side lacks still lets each be assigned to the other.
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? ([keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false) : false) : false;
export const sameType = <T extends true>(): T => undefined as unknown as T;
