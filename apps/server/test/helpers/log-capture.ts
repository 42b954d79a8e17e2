import { Writable } from 'node:stream';

export interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
}

/** A pino logger option that keeps every line in memory, to assert on what was logged at which level. */
export function captureLog(level = 'info') {
  const lines: LogLine[] = [];
  let rest = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      const text = rest + chunk.toString();
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      for (const part of parts) if (part) lines.push(JSON.parse(part) as LogLine);
      done();
    },
  });
  return {
    logger: { level, stream },
    lines,
    /** Lines at error (50) or fatal (60). */
    errors: () => lines.filter((line) => line.level >= 50),
  };
}
