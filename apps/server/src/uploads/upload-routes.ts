import { UPLOAD_MAX_BYTES } from '@titans/shared/constants';
import { codeEnvelope } from '@titans/shared/envelope';
import { uploadedFileSchema } from '@titans/shared/uploads/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/auth-hooks.ts';
import { ApiError } from '../http/api-error.ts';
import { ok, orThrow } from '../http/reply.ts';
import type { UploadService } from './upload-service.ts';

/** One file of at most UPLOAD_MAX_BYTES, and little else, per request. */
const PART_LIMITS = { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 };

/** POST /upload: one authenticated image, served back from /uploads/ (U4–U9). */
export function uploadRoutes({ uploads }: { uploads: UploadService }): FastifyPluginAsyncZod {
  return async (app) => {
    await uploads.prepare();
    app.post(
      '/upload',
      { schema: { response: { 200: codeEnvelope(uploadedFileSchema) } } },
      async (request) => {
        const user = requireUser(request);
        if (!request.isMultipart())
          throw new ApiError('upload/missing-file', 'Send the image as multipart/form-data');
        const stored = await uploads.store(user.id, () => request.file({ limits: PART_LIMITS }));
        return ok(orThrow(stored), 'File uploaded');
      },
    );
  };
}
