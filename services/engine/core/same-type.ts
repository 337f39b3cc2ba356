/** Compile-time equality of two types: `sameType<Same<A, B>>()` fails to compile when they differ (zod schemas kept equal to interfaces). */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const sameType = <T extends true>(): T => undefined as unknown as T;
