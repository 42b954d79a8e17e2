import { readStoredUser } from '../../features/users/api/user-storage.ts';
import { launchContextFromInitData } from '../../lib/telegram/launch-context.ts';

/**
 * Evaluates the schemas chunk (zod and the first answers' schemas, lib/lazy-schema.ts) as soon as
 * it has arrived, when the first screen will wait for the registration's answer: on a device with
 * no saved account for this player. Evaluating zod takes 180–350 ms of main thread at the
 * benchmark's 4× CPU slowdown; at the first parse, as before, it came after the app chunk and
 * before Home, while on an empty cache the main thread is idle for about a second between the
 * schemas' arrival and the app chunk's (decisions D-WEB-42). With a saved account Home shows
 * from it at once and the schemas wait for the first parse, after the hero.
 */
export function prepareFirstAnswerSchemas(initData: string | null): void {
  if (!initData) return;
  const { player } = launchContextFromInitData(initData, true);
  if (!player || readStoredUser(player.id)) return;
  // A failed load is tried again by the first parse (lazy-schema.ts). The module is named here
  // rather than through lazyUserSchema.prepare(), which would put lazy-schema.ts and the user
  // schema's loader in this entry chunk, and the empty-cache hero came later (docs/benchmarks.md).
  import('@titans/shared/user/answer-schemas').catch(() => {});
}
