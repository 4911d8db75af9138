/**
 * Route schemas compiled when first needed, not while the server starts (ADR 142). Fastify compiles every
 * route's request validator (Ajv) and response serializer (fast-json-stringify) before it listens: about a
 * tenth of an embedded start's CPU. Here each compiler Fastify asks for is the default one (same options, same
 * shared schemas), wrapped so that it compiles on the route's first request; once the server listens, the ones
 * still waiting compile one at a time between requests, so a broken schema still shows within seconds.
 */
import ajvCompiler from '@fastify/ajv-compiler';
import serializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Validate = ((data: unknown, context?: object) => unknown) & { errors?: unknown; schemaEnv?: unknown };
type Serialize = (doc: unknown) => string;

export interface LazySchemaCompilers {
  /** Fastify's `schemaController` option. */
  schemaController: NonNullable<FastifyServerOptions['schemaController']>;
  /** How many route schemas are not compiled yet. */
  pending(): number;
  /** Compiles the waiting schemas one per turn of the event loop; `stop()` ends it (the server closes). */
  compileInBackground(onError: (error: unknown) => void): { stop(): void };
}

export function lazySchemaCompilers(): LazySchemaCompilers {
  const waiting = new Set<() => unknown>();

  /** The compiled function on first use; `compile` runs once. */
  function onFirstUse<F>(compile: () => F): () => F {
    let compiled: F | undefined;
    const get = () => {
      if (compiled === undefined) {
        compiled = compile();
        waiting.delete(get);
      }
      return compiled;
    };
    waiting.add(get);
    return get;
  }

  const defaultValidators = ajvCompiler();
  const defaultSerializers = serializerSelector();

  return {
    schemaController: {
      compilersFactory: {
        buildValidator(externalSchemas: unknown, ajvServerOptions: unknown) {
          const compile = defaultValidators(externalSchemas as never, ajvServerOptions as never);
          return (route: Parameters<typeof compile>[0]) => {
            const get = onFirstUse(() => compile(route) as unknown as Validate);
            const validate: Validate = (data, context) =>
              context === undefined ? get()(data) : get()(data, context);
            // Fastify reads both after a call (errors) or before it (schemaEnv: Ajv's own function)
            Object.defineProperties(validate, {
              errors: { get: () => get().errors },
              schemaEnv: { get: () => get().schemaEnv },
            });
            return validate as unknown as ReturnType<typeof compile>;
          };
        },
        buildSerializer(externalSchemas: unknown, serializerOptions: unknown) {
          const compile = defaultSerializers(externalSchemas as never, serializerOptions as never);
          return (route: Parameters<typeof compile>[0]) => {
            const get = onFirstUse(() => compile(route) as Serialize);
            return (doc: unknown) => get()(doc);
          };
        },
      },
    },
    pending: () => waiting.size,
    compileInBackground(onError) {
      let stopped = false;
      const next = () => {
        const first = waiting.values().next();
        if (stopped || first.done) return;
        try {
          first.value();
        } catch (error) {
          waiting.delete(first.value);
          onError(error);
        }
        setImmediate(next);
      };
      setImmediate(next);
      return {
        stop() {
          stopped = true;
        },
      };
    },
  };
}
