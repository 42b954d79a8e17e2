import type { ResponseSchema } from './api-client.ts';

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
    loading ??= load().catch((error: unknown) => {
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
