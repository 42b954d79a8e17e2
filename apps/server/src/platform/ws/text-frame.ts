// A WebSocket text frame as RFC 6455 defines it (no library's internals): what ws/write-frame.ts
// and engine.io's pre-encoded frames send.

const FIN_TEXT = 0x81;

/** Frames are cut from slabs of this size, as `Buffer.allocUnsafe` cuts small buffers from its pool. */
const SLAB_BYTES = 64 * 1024;
/** A text of up to this many UTF-8 bytes at most (3 per UTF-16 unit) is framed in a slab. */
const MAX_SLAB_FRAME = SLAB_BYTES / 8;
let slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
let slabUsed = 0;

/**
 * One unmasked, final WebSocket text frame (RFC 6455 §5.2) holding `text`. A message-sized text is
 * encoded once, straight into a slab, behind room for the longer header; the header then goes
 * just before it (2 bytes under 126 bytes of text, else 4). A frame's bytes are never written
 * again: the next frame starts after it, and a full slab is replaced, not reused.
 */
export function textFrame(text: string): Buffer {
  if (text.length * 3 > MAX_SLAB_FRAME) return largeTextFrame(text);
  if (slabUsed + 4 + text.length * 3 > SLAB_BYTES) {
    slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
    slabUsed = 0;
  }
  const start = slabUsed;
  const length = slab.write(text, start + 4, 'utf8');
  const head = start + 4 - headerBytes(length);
  writeHeader(slab, head, length);
  const end = start + 4 + length;
  slabUsed = (end + 7) & ~7;
  return slab.subarray(head, end);
}

/** A frame for a text too long for a slab: its length counted first, then one buffer of its own. */
function largeTextFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const head = headerBytes(length);
  const frame = Buffer.allocUnsafe(head + length);
  writeHeader(frame, 0, length);
  frame.write(text, head, length, 'utf8');
  return frame;
}

function headerBytes(length: number): number {
  return length < 126 ? 2 : length < 65_536 ? 4 : 10;
}

/** A final text frame's header for `length` bytes of text, written at `at`. */
function writeHeader(frame: Buffer, at: number, length: number) {
  frame[at] = FIN_TEXT;
  if (length < 126) frame[at + 1] = length;
  else if (length < 65_536) {
    frame[at + 1] = 126;
    frame.writeUInt16BE(length, at + 2);
  } else {
    frame[at + 1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), at + 2);
    frame.writeUInt32BE(length >>> 0, at + 6);
  }
}
