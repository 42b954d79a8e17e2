/*
 * Turns text into SVG path outlines, so the logo and badges look the same everywhere without
 * shipping a font. Reads a WOFF 1.0 file with TrueType outlines (the @fontsource packages ship
 * those): table directory, zlib-compressed tables, cmap format 4, loca, glyf and hmtx.
 * Kerning is ignored; callers can add letter spacing.
 */
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

type Point = { x: number; y: number; onCurve: boolean };
type Contour = Point[];

export type Font = {
  unitsPerEm: number;
  ascender: number;
  advance: (glyph: number) => number;
  glyphFor: (char: string) => number;
  contours: (glyph: number) => Contour[];
};

function tables(file: Buffer): Map<string, Buffer> {
  if (file.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 file');
  const count = file.readUInt16BE(12);
  const result = new Map<string, Buffer>();
  for (let index = 0; index < count; index++) {
    const entry = 44 + index * 20;
    const tag = file.toString('latin1', entry, entry + 4);
    const offset = file.readUInt32BE(entry + 4);
    const compressed = file.readUInt32BE(entry + 8);
    const original = file.readUInt32BE(entry + 12);
    const raw = file.subarray(offset, offset + compressed);
    result.set(tag, compressed < original ? inflateSync(raw) : Buffer.from(raw));
  }
  return result;
}

function need(map: Map<string, Buffer>, tag: string): Buffer {
  const table = map.get(tag);
  if (!table) throw new Error(`font has no ${tag} table`);
  return table;
}

function readCmap(cmap: Buffer): Map<number, number> {
  const map = new Map<number, number>();
  const subtables = cmap.readUInt16BE(2);
  for (let index = 0; index < subtables; index++) {
    const platform = cmap.readUInt16BE(4 + index * 8);
    const encoding = cmap.readUInt16BE(6 + index * 8);
    const offset = cmap.readUInt32BE(8 + index * 8);
    if (cmap.readUInt16BE(offset) !== 4 || !(platform === 3 || platform === 0) || encoding > 4) continue;
    const segments = cmap.readUInt16BE(offset + 6) / 2;
    const ends = offset + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const rangeOffsets = deltas + segments * 2;
    for (let segment = 0; segment < segments; segment++) {
      const end = cmap.readUInt16BE(ends + segment * 2);
      const start = cmap.readUInt16BE(starts + segment * 2);
      const delta = cmap.readInt16BE(deltas + segment * 2);
      const rangeAt = rangeOffsets + segment * 2;
      const range = cmap.readUInt16BE(rangeAt);
      for (let code = start; code <= end && code !== 0xffff; code++) {
        let glyph: number;
        if (range === 0) glyph = (code + delta) & 0xffff;
        else {
          const raw = cmap.readUInt16BE(rangeAt + range + (code - start) * 2);
          glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
        }
        if (glyph !== 0) map.set(code, glyph);
      }
    }
    return map;
  }
  throw new Error('font has no Unicode cmap of format 4');
}

export function loadWoff(path: string): Font {
  const map = tables(readFileSync(path));
  const head = need(map, 'head');
  const unitsPerEm = head.readUInt16BE(18);
  const longLoca = head.readInt16BE(50) === 1;
  const hhea = need(map, 'hhea');
  const ascender = hhea.readInt16BE(4);
  const metricCount = hhea.readUInt16BE(34);
  const hmtx = need(map, 'hmtx');
  const loca = need(map, 'loca');
  const glyf = need(map, 'glyf');
  const cmap = readCmap(need(map, 'cmap'));

  const glyphRange = (glyph: number): [number, number] =>
    longLoca
      ? [loca.readUInt32BE(glyph * 4), loca.readUInt32BE(glyph * 4 + 4)]
      : [loca.readUInt16BE(glyph * 2) * 2, loca.readUInt16BE(glyph * 2 + 2) * 2];

  const contours = (glyph: number): Contour[] => {
    const [start, end] = glyphRange(glyph);
    if (end <= start) return [];
    const contourCount = glyf.readInt16BE(start);
    if (contourCount < 0) return composite(start + 10);
    const endPoints: number[] = [];
    for (let index = 0; index < contourCount; index++)
      endPoints.push(glyf.readUInt16BE(start + 10 + index * 2));
    const pointCount = (endPoints.at(-1) ?? -1) + 1;
    let at = start + 10 + contourCount * 2;
    at += 2 + glyf.readUInt16BE(at);
    const flags: number[] = [];
    while (flags.length < pointCount) {
      const flag = glyf.readUInt8(at++);
      flags.push(flag);
      if (flag & 8) {
        const repeat = glyf.readUInt8(at++);
        for (let index = 0; index < repeat; index++) flags.push(flag);
      }
    }
    const readAxis = (shortBit: number, sameBit: number): number[] => {
      const values: number[] = [];
      let value = 0;
      for (const flag of flags) {
        if (flag & shortBit) {
          const delta = glyf.readUInt8(at++);
          value += flag & sameBit ? delta : -delta;
        } else if (!(flag & sameBit)) {
          value += glyf.readInt16BE(at);
          at += 2;
        }
        values.push(value);
      }
      return values;
    };
    const xs = readAxis(2, 16);
    const ys = readAxis(4, 32);
    const result: Contour[] = [];
    let first = 0;
    for (const last of endPoints) {
      const contour: Contour = [];
      for (let index = first; index <= last; index++) {
        contour.push({ x: xs[index] ?? 0, y: ys[index] ?? 0, onCurve: ((flags[index] ?? 0) & 1) === 1 });
      }
      result.push(contour);
      first = last + 1;
    }
    return result;
  };

  const composite = (from: number): Contour[] => {
    const result: Contour[] = [];
    let at = from;
    for (;;) {
      const flags = glyf.readUInt16BE(at);
      const component = glyf.readUInt16BE(at + 2);
      at += 4;
      let dx: number;
      let dy: number;
      if (flags & 1) {
        dx = glyf.readInt16BE(at);
        dy = glyf.readInt16BE(at + 2);
        at += 4;
      } else {
        dx = glyf.readInt8(at);
        dy = glyf.readInt8(at + 1);
        at += 2;
      }
      let [a, b, c, d] = [1, 0, 0, 1];
      const f2dot14 = (offset: number) => glyf.readInt16BE(offset) / 16384;
      if (flags & 8) {
        a = d = f2dot14(at);
        at += 2;
      } else if (flags & 0x40) {
        a = f2dot14(at);
        d = f2dot14(at + 2);
        at += 4;
      } else if (flags & 0x80) {
        [a, b, c, d] = [f2dot14(at), f2dot14(at + 2), f2dot14(at + 4), f2dot14(at + 6)];
        at += 8;
      }
      for (const contour of contours(component)) {
        result.push(
          contour.map((point) => ({
            x: a * point.x + c * point.y + dx,
            y: b * point.x + d * point.y + dy,
            onCurve: point.onCurve,
          })),
        );
      }
      if (!(flags & 0x20)) return result;
    }
  };

  return {
    unitsPerEm,
    ascender,
    advance: (glyph) => hmtx.readUInt16BE(Math.min(glyph, metricCount - 1) * 4),
    glyphFor: (char) => cmap.get(char.codePointAt(0) ?? 0) ?? 0,
    contours,
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

function contourPath(contour: Contour, toX: (x: number) => number, toY: (y: number) => number): string {
  if (contour.length === 0) return '';
  // Start on an on-curve point; when there is none, start between the first two off-curve points.
  const startIndex = contour.findIndex((point) => point.onCurve);
  const points =
    startIndex >= 0 ? [...contour.slice(startIndex), ...contour.slice(0, startIndex)] : [...contour];
  let start: Point;
  if (startIndex >= 0) start = points[0]!;
  else {
    const [p0, p1] = [points[0]!, points[1] ?? points[0]!];
    start = { x: (p0.x + p1.x) / 2, y: (p0.y + p1.y) / 2, onCurve: true };
  }
  const parts = [`M${round(toX(start.x))} ${round(toY(start.y))}`];
  let control: Point | undefined;
  const rest = startIndex >= 0 ? points.slice(1) : points;
  for (const point of [...rest, start]) {
    if (point.onCurve) {
      parts.push(
        control
          ? `Q${round(toX(control.x))} ${round(toY(control.y))} ${round(toX(point.x))} ${round(toY(point.y))}`
          : `L${round(toX(point.x))} ${round(toY(point.y))}`,
      );
      control = undefined;
    } else if (control) {
      const middle = { x: (control.x + point.x) / 2, y: (control.y + point.y) / 2 };
      parts.push(
        `Q${round(toX(control.x))} ${round(toY(control.y))} ${round(toX(middle.x))} ${round(toY(middle.y))}`,
      );
      control = point;
    } else control = point;
  }
  return `${parts.join('')}Z`;
}

export type TextOutline = { d: string; width: number };

/**
 * The outline of `text` with its baseline at y and its left edge at x, `size` pixels per em.
 * `spacing` adds that many pixels between letters.
 */
export function textOutline(font: Font, text: string, x: number, y: number, size: number, spacing = 0) {
  const scale = size / font.unitsPerEm;
  let cursor = x;
  const parts: string[] = [];
  for (const char of text) {
    const glyph = font.glyphFor(char);
    const left = cursor;
    for (const contour of font.contours(glyph)) {
      parts.push(
        contourPath(
          contour,
          (gx) => left + gx * scale,
          (gy) => y - gy * scale,
        ),
      );
    }
    cursor += font.advance(glyph) * scale + spacing;
  }
  return { d: parts.join(''), width: cursor - x - spacing } satisfies TextOutline;
}

/** Like textOutline, centred horizontally on cx. */
export function centredText(font: Font, text: string, cx: number, y: number, size: number, spacing = 0) {
  const { width } = textOutline(font, text, 0, y, size, spacing);
  return textOutline(font, text, cx - width / 2, y, size, spacing);
}
