/**
 * TON addresses come in two spellings: raw (`0:83df…`, what the TON HTTP API answers) and
 * user-friendly (`UQCD…`, 48 base64 characters: flags, workchain, 32-byte hash, CRC16). Both name
 * the same account; comparisons use the raw form, lower-cased.
 */

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** The raw form `workchain:hex` of an address in either spelling, or null when it is not one. */
export function normalizeTonAddress(address: string): string | null {
  const text = address.trim();
  const raw = /^(-?\d+):([0-9a-fA-F]{64})$/.exec(text);
  if (raw) return `${Number(raw[1])}:${(raw[2] ?? '').toLowerCase()}`;
  if (!/^[A-Za-z0-9+/_-]{48}$/.test(text)) return null;
  const bytes = Buffer.from(text.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
  if (bytes.length !== 36) return null;
  // 36 bytes: flags, workchain, 32 of hash, 2 of checksum (readUInt8 throws past the end).
  const expected = bytes.readUInt16BE(34);
  if (crc16(bytes.subarray(0, 34)) !== expected) return null;
  const workchain = bytes.readUInt8(1) === 0xff ? -1 : bytes.readUInt8(1);
  return `${workchain}:${bytes.subarray(2, 34).toString('hex')}`;
}

/** The user-friendly, non-bounceable spelling (`UQ…`) of a raw address, for wallets and screens. */
export function friendlyTonAddress(raw: string, options: { bounceable?: boolean; testOnly?: boolean } = {}) {
  const normalized = normalizeTonAddress(raw);
  if (!normalized) throw new Error(`Not a TON address: ${raw}`);
  const [workchain, hash] = normalized.split(':') as [string, string];
  const bytes = Buffer.alloc(36);
  bytes[0] = (options.bounceable ? 0x11 : 0x51) | (options.testOnly ? 0x80 : 0);
  bytes[1] = Number(workchain) === -1 ? 0xff : Number(workchain);
  Buffer.from(hash, 'hex').copy(bytes, 2);
  const crc = crc16(bytes.subarray(0, 34));
  bytes[34] = crc >> 8;
  bytes[35] = crc & 0xff;
  return bytes.toString('base64url');
}

/** A transaction hash as hex, lower-cased, from hex, base64 or base64url; null when it is none. */
export function normalizeTxHash(hash: string): string | null {
  const text = hash.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return text.toLowerCase();
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const bytes = Buffer.from(text.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
    if (bytes.length === 32) return bytes.toString('hex');
  }
  return null;
}

/** Decimal TON (`"0.25"`) in nanotons. */
export function tonToNano(amount: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,9}))?$/.exec(amount.trim());
  if (!match) throw new Error(`Not a TON amount: ${amount}`);
  return BigInt(match[1] ?? '0') * 1_000_000_000n + BigInt((match[2] ?? '').padEnd(9, '0'));
}

/**
 * A text comment as the single-cell bag of cells TON Connect's `payload` expects: op code 0
 * (32 zero bits) followed by the UTF-8 text, without index or checksum.
 */
export function commentPayloadBoc(comment: string): string {
  const data = Buffer.concat([Buffer.alloc(4), Buffer.from(comment, 'utf8')]);
  if (data.length > 127) throw new Error('A one-cell comment holds at most 123 bytes');
  const cell = Buffer.concat([Buffer.from([0, data.length * 2]), data]);
  const header = Buffer.from([0xb5, 0xee, 0x9c, 0x72, 0x01, 0x01, 1, 1, 0, cell.length, 0]);
  return Buffer.concat([header, cell]).toString('base64');
}
