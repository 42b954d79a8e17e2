/** True when `value` is one of `options`: narrows a URL parameter or a stored text to a union. */
export function isOneOf<T extends string>(options: readonly T[], value: unknown): value is T {
  return options.some((option) => option === value);
}
