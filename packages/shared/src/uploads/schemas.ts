import { z } from 'zod';

/** POST /v1/upload's answer: the stored picture and where it is served from. */
export const uploadedFileSchema = z.object({
  _id: z.string(),
  url: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
