import { Transform } from 'node:stream';

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
export function measuring() {
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
