import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_MAX_BYTES } from '@titans/shared/constants';
import type { UploadStore } from '../config/config.ts';
import type { Clock } from '../core/clock.ts';
import { failed, type Result, succeeded } from '../core/result.ts';
import type { Database } from '../db/database.ts';
import { uploads } from '../db/schema.ts';
import { measuring, sniffImageType } from './upload-content.ts';
import type { UploadGate } from './upload-limits.ts';

/** The file part of a multipart request; busboy flags a stream it cut at the size limit as truncated. */
export interface FilePart {
  file: Readable & { truncated: boolean };
}

/** Asks the request for its file part (the multipart parser's `request.file`). */
export type OpenFile = () => Promise<FilePart | undefined>;

/** An upload as POST /upload answers it. */
export interface StoredUpload {
  _id: string;
  url: string;
  mime_type: string;
  size: number;
}

export interface UploadServiceDeps {
  database: Database;
  gate: UploadGate;
  /** `disk`: files in uploadsDir; `database`: the file in its row (a cluster; D-CLUSTER-20). */
  store: UploadStore;
  uploadsDir: string;
  /** Where uploads stream before they are checked; the janitor sweeps leftovers of a crash. */
  incomingDir: string;
  now: Clock;
}

const tooLarge = () =>
  failed('upload/too-large', `Images are limited to ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`);

/**
 * U4–U9: one image, admitted by the gate before its body is read (D-UPLOAD-2), streamed to disk
 * (never held whole in memory while it arrives), checked by its first bytes (D-UPLOAD-1) and kept
 * under its own name with a row in `uploads`; a file over the size limit is refused, never stored
 * cut short. Where it is kept is the store's choice (D-CLUSTER-20): moved into the uploads folder,
 * or, once checked (at most UPLOAD_MAX_BYTES), written into its row's `content` in one insert.
 */
export class UploadService {
  constructor(private readonly deps: UploadServiceDeps) {}

  /** Creates the folders uploads stream into and are served from. */
  async prepare() {
    await fs.mkdir(this.deps.uploadsDir, { recursive: true });
    await fs.mkdir(this.deps.incomingDir, { recursive: true });
  }

  async store(userId: string, open: OpenFile): Promise<Result<StoredUpload>> {
    const admitted = await this.deps.gate.admit(userId);
    if (!admitted.ok) return failed(admitted.code);
    const id = randomUUID();
    const incoming = path.join(this.deps.incomingDir, id);
    let stored: string | null = null;
    try {
      const received = await this.receive(open, incoming);
      if (!received.ok) return received;
      const { mime, extension, size } = received.value;
      const fileName = `${id}.${extension}`;
      const row = {
        id,
        userId,
        fileName,
        mimeType: mime,
        sizeBytes: size,
        createdAt: new Date(this.deps.now()),
      };
      if (this.deps.store === 'database') {
        await this.deps.database.db.insert(uploads).values({ ...row, content: await fs.readFile(incoming) });
      } else {
        stored = path.join(this.deps.uploadsDir, fileName);
        await fs.rename(incoming, stored);
        await this.deps.database.db.insert(uploads).values(row);
        stored = null;
      }
      return succeeded({ _id: id, url: `/uploads/${fileName}`, mime_type: mime, size });
    } finally {
      admitted.release();
      await fs.rm(incoming, { force: true });
      // The row was not written: the file must not stay behind.
      if (stored) await fs.rm(stored, { force: true });
    }
  }

  /** Streams the request's file to `incoming` and names its image type, or why it is refused. */
  private async receive(
    open: OpenFile,
    incoming: string,
  ): Promise<Result<{ mime: string; extension: string; size: number }>> {
    let part: FilePart | undefined;
    try {
      part = await open();
    } catch (error) {
      // The parser refuses a part over its size limit before any of it is read.
      if (statusOf(error) === 413) return tooLarge();
      throw error;
    }
    if (!part) return failed('upload/missing-file');
    const { transform, seen } = measuring();
    await pipeline(part.file, transform, (await fs.open(incoming, 'wx')).createWriteStream());
    // Busboy stops at the limit and ends the stream early, flagging it truncated.
    if (part.file.truncated || seen.bytes > UPLOAD_MAX_BYTES) return tooLarge();
    const type = sniffImageType(seen.head);
    if (!type) return failed('upload/unsupported-type');
    return succeeded({ ...type, size: seen.bytes });
  }
}

function statusOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'statusCode' in error ? error.statusCode : undefined;
}
