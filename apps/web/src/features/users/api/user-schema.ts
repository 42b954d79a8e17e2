import { lazySchema } from '../../../lib/lazy-schema.ts';

/**
 * The user answer's schema (registration, GET /user/{id}), imported on first use from its
 * zod/mini module: the chunk a new device's first screen waits for (decisions D-WEB-46).
 */
export const lazyUserSchema = lazySchema(() =>
  import('@titans/shared/user/answer-schemas').then((schemas) => schemas.userSchema),
);
