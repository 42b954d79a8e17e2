import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_MAX_BYTES } from '@titans/shared/constants';
import { codeEnvelope } from '@titans/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/auth-hooks.ts';
import type { Database } from '../db/database.ts';
import { uploads } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';

const uploadSchema = z.object({
  _id: z.string(),
  url: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
});

/** Recognises PNG, JPEG and WebP by their first bytes; the declared content type is not trusted. */
export function sniffImageType(head: Buffer): { mime: string; extension: string } | null {
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { mime: 'image/png', extension: 'png' };
  }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return { mime: 'image/jpeg', extension: 'jpg' };
  }
  if (
    head.length >= 12 &&
    head.toString('ascii', 0, 4) === 'RIFF' &&
    head.toString('ascii', 8, 12) === 'WEBP'
  ) {
    return { mime: 'image/webp', extension: 'webp' };
  }
  return null;
}

/** POST /upload: one authenticated image, stored under DATA_DIR/uploads and served from /uploads/. */
export function uploadRoutes({
  database,
  uploadsDir,
}: {
  database: Database;
  uploadsDir: string;
}): FastifyPluginAsyncZod {
  return async (app) => {
    await fs.mkdir(uploadsDir, { recursive: true });
    app.post('/upload', { schema: { response: { 200: codeEnvelope(uploadSchema) } } }, async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart())
        throw new ApiError('upload/missing-file', 'Send the image as multipart/form-data');
      const file = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
      if (!file) throw new ApiError('upload/missing-file');
      const buffer = await file.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new ApiError(
            'request/too-large',
            `Images are limited to ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
          );
        }
        throw error;
      });
      const type = sniffImageType(buffer);
      if (!type) throw new ApiError('upload/unsupported-type');
      const id = randomUUID();
      const fileName = `${id}.${type.extension}`;
      await fs.writeFile(path.join(uploadsDir, fileName), buffer, { flag: 'wx' });
      await database.db
        .insert(uploads)
        .values({ id, userId: user.id, fileName, mimeType: type.mime, sizeBytes: buffer.length });
      return {
        code: 200,
        data: { _id: id, url: `/uploads/${fileName}`, mime_type: type.mime, size: buffer.length },
        message: 'File uploaded',
      };
    });
  };
}
