import { Fragment, type ReactNode } from 'react';
import { type MessageKey, t } from './i18n.ts';

const MARK = '\u0001';

/**
 * A message with elements in it (a bold amount, a link): the placeholders named in `parts` are
 * filled with React nodes, the others as t() fills them.
 */
export function tx(
  key: MessageKey,
  parts: Record<string, ReactNode>,
  values: Record<string, string | number> = {},
): ReactNode {
  const names = Object.keys(parts);
  const marked: Record<string, string | number> = { ...values };
  names.forEach((name, index) => {
    marked[name] = `${MARK}${index}${MARK}`;
  });
  const pieces = t(key, marked).split(MARK);
  return pieces.map((piece, index) => {
    if (index % 2 === 0) return piece;
    const name = names[Number(piece)];
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one message never reorder
    return <Fragment key={index}>{name === undefined ? null : parts[name]}</Fragment>;
  });
}
