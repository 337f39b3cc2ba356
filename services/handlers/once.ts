/**
 * A value built on first use and kept for the life of the execution environment; a failed
 * build is forgotten so the next invocation tries again. Its own module so that a function
 * which builds no service (web.ts) does not import the wiring (env.ts) to get it.
 */
export function once<T>(build: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= build().catch((e: unknown) => {
      pending = undefined;
      throw e;
    }));
}
