import { z } from 'zod/mini';
import { LANGUAGES } from './languages.ts';

/** One of the languages Titans speaks (zod/mini, so the user's answer schema stays small). */
export const languageSchema = z.enum(LANGUAGES);
