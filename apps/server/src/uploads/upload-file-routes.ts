import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { uploads } from '../db/schema.ts';

/** An upload's file name is its row's id and the extension of its sniffed type (upload-service.ts). */
const FILE_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(?:png|jpg|webp)$/;

/** The same caching the folder's static serving gives: a file name is never reused. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface UploadFileRoutesDeps {
  database: Database;
  /** Files uploaded while the store was `disk` (their rows have no content) are still served from here. */
  uploadsDir: string;
}

/** An upload's bytes and type, or null when no row (or, for an older upload, no file) has them. */
async function readUpload(deps: UploadFileRoutesDeps, fileName: string) {
  const id = FILE_NAME.exec(fileName)?.[1];
  if (!id) return null;
  const [row] = await deps.database.db
    .select({ mimeType: uploads.mimeType, content: uploads.content })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.fileName, fileName)))
    .limit(1);
  if (!row) return null;
  // PGlite answers a Uint8Array, node-postgres a Buffer: both become a Buffer without a copy.
  const bytes = row.content
    ? Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength)
    : await fs.readFile(path.join(deps.uploadsDir, fileName)).catch(() => null);
  return bytes ? { mimeType: row.mimeType, bytes } : null;
}

/**
 * GET /uploads/<file> when uploads live in the database (UPLOAD_STORE=database, decisions
 * D-CLUSTER-20): any process answers from the row, by its primary key. An unknown name falls
 * through to the app's not-found answer, as the folder's static serving does.
 */
export function uploadFileRoutes(deps: UploadFileRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/uploads/:fileName',
      { config: { auth: 'none' }, schema: { params: z.strictObject({ fileName: z.string().max(128) }) } },
      async (request, reply) => {
        const file = await readUpload(deps, request.params.fileName);
        if (!file) return reply.callNotFound();
        reply.header('cache-control', CACHE_CONTROL).type(file.mimeType);
        return file.bytes;
      },
    );
  };
}
