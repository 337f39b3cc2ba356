/**
 * A value built on first use and kept for the life of the process (a Lambda's execution
 * environment); a failed build is forgotten so the next use tries again. Its own module, in the
 * app so that both the app (stored-hash.ts's key) and the handlers (their wiring, the secrets)
 * share it, and a function which builds no service (web.ts) does not import the wiring to get it.
 */
export function once<T>(build: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= build().catch((e: unknown) => {
      pending = undefined;
      throw e;
    }));
}
