// Fenced: written against @electric-sql/pglite 0.5.16 (the result shape its reader and
// `parseResults` give). The version is pinned in apps/server/package.json.
import type { messages, Results } from '@electric-sql/pglite';

type Parser = (value: string, typeId: number) => unknown;

const decoder = new TextDecoder();

/** Backend message codes a prepared statement's run answers with. */
const DATA_ROW = 0x44; // D
const COMMAND_COMPLETE = 0x43; // C
const READY_FOR_QUERY = 0x5a; // Z
const BIND_COMPLETE = 0x32; // 2
const CLOSE_COMPLETE = 0x33; // 3
const NO_DATA = 0x6e; // n
const EMPTY_QUERY = 0x49; // I
const NOTICE = 0x4e; // N

/** Commands whose tag's count PGlite adds to `affectedRows`. */
const AFFECTING = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * Reads the reply to one run of a prepared statement (bind, execute, sync) straight from
 * PostgreSQL's bytes, into the result PGlite's own reader and `parseResults` would give: rows
 * (objects, or arrays with `rowMode: 'array'`), fields, command, affectedRows and rowCount. Each
 * text value is decoded from the bytes in place; PGlite's reader copies every field twice on
 * the way (an ArrayBuffer slice, then a Uint8Array), which dominated its CPU on a tap flush's
 * thousand rows.
 *
 * Answers null for a reply it does not read (an error, a notification, anything unexpected):
 * the caller hands those bytes to PGlite's reader, so errors keep PGlite's exact shape.
 */
export function readReply<Row>(
  bytes: Uint8Array,
  columns: messages.RowDescriptionMessage | null,
  parsers: Record<number, Parser>,
  rowMode: 'array' | 'object' | undefined,
): Results<Row> | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fields = columns
    ? columns.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }))
    : [];
  const names = fields.map((field) => field.name);
  const handlers = fields.map((field) => parsers[field.dataTypeID]);
  const types = fields.map((field) => field.dataTypeID);
  const rows: unknown[] = [];
  let result: Results<Row> | null = null;
  let offset = 0;
  while (offset + 5 <= bytes.length) {
    const code = view.getUint8(offset);
    const length = view.getUint32(offset + 1);
    const start = offset + 5;
    const end = offset + 1 + length;
    if (length < 4 || end > bytes.length) return null;
    switch (code) {
      case DATA_ROW: {
        if (result) return null; // rows after the command completed: not one statement's reply
        const count = view.getInt16(start);
        if (count !== fields.length) return null;
        const values: unknown[] = new Array(count);
        let at = start + 2;
        for (let index = 0; index < count; index++) {
          const size = view.getInt32(at);
          at += 4;
          if (size < 0) {
            values[index] = null;
            continue;
          }
          const text = decoder.decode(bytes.subarray(at, at + size));
          at += size;
          const handler = handlers[index];
          values[index] = handler ? handler(text, types[index] ?? 0) : text;
        }
        if (rowMode === 'array') rows.push(values);
        else {
          const row: Record<string, unknown> = {};
          for (let index = 0; index < count; index++) row[names[index] ?? String(index)] = values[index];
          rows.push(row);
        }
        break;
      }
      case COMMAND_COMPLETE: {
        if (result) return null;
        const tag = decoder.decode(bytes.subarray(start, end - 1)); // without the NUL
        const parts = tag.split(' ');
        const command = parts[0] ?? '';
        const count = Number.parseInt(parts.at(-1) ?? '', 10);
        result = {
          // The boundary where decoded values become the row type the caller's SQL names.
          rows: rows as Row[],
          fields,
          command,
          affectedRows: AFFECTING.has(command) ? count : 0,
          ...(Number.isNaN(count) ? {} : { rowCount: count }),
        };
        break;
      }
      case BIND_COMPLETE:
      case CLOSE_COMPLETE:
      case NO_DATA:
      case EMPTY_QUERY:
      case NOTICE: // PGlite drops notices unless asked for them (such statements are not prepared)
      case READY_FOR_QUERY:
        break;
      default:
        return null;
    }
    offset = end;
  }
  if (offset !== bytes.length) return null;
  return result ?? { rows: [], fields: [], affectedRows: 0 };
}
