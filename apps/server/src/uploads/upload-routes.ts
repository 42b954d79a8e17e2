import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_MAX_BYTES } from '@titans/shared/constants';
import { codeEnvelope } from '@titans/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/auth-hooks.ts';
import type { Database } from '../db/database.ts';
import { uploads } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import type { UploadGate } from './upload-limits.ts';

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

const HEAD_BYTES = 12;

/** Passes bytes through while keeping the first few (for sniffing) and counting them all. */
function measuring() {
  const seen = { head: Buffer.alloc(0), bytes: 0 };
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (seen.head.length < HEAD_BYTES)
        seen.head = Buffer.concat([seen.head, chunk.subarray(0, HEAD_BYTES - seen.head.length)]);
      seen.bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { transform, seen };
}

const tooLarge = () =>
  new ApiError('upload/too-large', `Images are limited to ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`);

/**
 * POST /upload: one authenticated image, streamed to disk (never held whole in memory), checked
 * by its first bytes, stored under DATA_DIR/uploads and served from /uploads/. The gate bounds
 * how many a player and everyone may upload (decisions: D-UPLOAD-2); a file over the size limit
 * is refused with 413, never stored cut short.
 */
export function uploadRoutes({
  database,
  uploadsDir,
  incomingDir,
  gate,
}: {
  database: Database;
  uploadsDir: string;
  incomingDir: string;
  gate: UploadGate;
}): FastifyPluginAsyncZod {
  return async (app) => {
    await fs.mkdir(uploadsDir, { recursive: true });
    await fs.mkdir(incomingDir, { recursive: true });
    app.post('/upload', { schema: { response: { 200: codeEnvelope(uploadSchema) } } }, async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart())
        throw new ApiError('upload/missing-file', 'Send the image as multipart/form-data');
      const admitted = await gate.admit(user.id);
      if (!admitted.ok) throw new ApiError(admitted.code);
      const id = randomUUID();
      const incoming = path.join(incomingDir, id);
      let stored: string | null = null;
      try {
        const file = await request
          .file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 } })
          .catch((error: { statusCode?: number }) => {
            if (error.statusCode === 413) throw tooLarge();
            throw error;
          });
        if (!file) throw new ApiError('upload/missing-file');
        const { transform, seen } = measuring();
        await pipeline(file.file, transform, (await fs.open(incoming, 'wx')).createWriteStream());
        // Busboy stops at the limit and ends the stream early, flagging it truncated.
        if (file.file.truncated || seen.bytes > UPLOAD_MAX_BYTES) throw tooLarge();
        const type = sniffImageType(seen.head);
        if (!type) throw new ApiError('upload/unsupported-type');
        const fileName = `${id}.${type.extension}`;
        stored = path.join(uploadsDir, fileName);
        await fs.rename(incoming, stored);
        await database.db
          .insert(uploads)
          .values({ id, userId: user.id, fileName, mimeType: type.mime, sizeBytes: seen.bytes });
        stored = null;
        return {
          code: 200,
          data: { _id: id, url: `/uploads/${fileName}`, mime_type: type.mime, size: seen.bytes },
          message: 'File uploaded',
        };
      } finally {
        admitted.release();
        await fs.rm(incoming, { force: true });
        // The row was not written: the file must not stay behind.
        if (stored) await fs.rm(stored, { force: true });
      }
    });
  };
}
