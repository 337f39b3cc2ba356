/**
 * Route schemas compiled at a route's first request instead of at start. Fastify compiles every
 * route's validators (ajv) and response serializers (fast-json-stringify) when the app gets
 * ready: about 50 ms of a Lambda cold start, spent on routes the first request never touches.
 * The compilers are Fastify's own defaults, so a route behaves the same either way.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Compiled = ((...args: never[]) => unknown) & { errors?: unknown };

/** A route compiler whose functions compile on their first call (ajv's `errors` passed through). */
function lazily<Route, F extends Compiled>(compile: (route: Route) => F): (route: Route) => F {
  return (route) => {
    let compiled: F | undefined;
    const call = ((...args: never[]) => {
      compiled ??= compile(route);
      const out = compiled(...args);
      call.errors = compiled.errors;
      return out;
    }) as F;
    return call;
  };
}

const validators = AjvCompiler();
const serializers = SerializerSelector();

/** Fastify's `schemaController.compilersFactory`, each compiler deferred to a route's first use. */
export const lazySchemaCompilers = {
  buildValidator: (...args: Parameters<typeof validators>) => lazily(validators(...args)),
  buildSerializer: (...args: Parameters<typeof serializers>) => lazily(serializers(...args)),
};
