import type { ResponseSchema } from './api-client.ts';

/** Resolved when lazy schemas may be imported: at once, unless deferSchemaLoads said otherwise. */
let schemasMayLoad: Promise<void> = Promise.resolve();

/**
 * Lazy schemas are imported only once `until` has resolved. Evaluating zod takes over 100 ms of a
 * slow phone's main thread; a player known on the device already plays from the saved account,
 * and there it held the socket's handshake frames behind it (boot-session.ts, decisions D-WEB-44).
 */
export function deferSchemaLoads(until: Promise<void>): void {
  schemasMayLoad = until;
}

/**
 * A response schema imported on first use. The calls of the first screen (registration, the
 * user, the hero, the pending completion, the referrals) live in modules of the first script; a
 * static import of their zod schemas would put zod and the schemas in it (decisions D-WEB-22,
 * D-WIRE-1). Loading starts when the request does, so it arrives with the answer; a failed load
 * is tried again by the next call.
 */
export function lazySchema<T>(load: () => Promise<ResponseSchema<T>>): ResponseSchema<T> {
  let loading: Promise<ResponseSchema<T>> | null = null;
  const loaded = () => {
    loading ??= schemasMayLoad.then(load).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  return {
    prepare: () => {
      loaded().catch(() => {});
    },
    safeParse: async (data) => (await loaded()).safeParse(data),
  };
}
