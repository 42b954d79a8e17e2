import 'react';

declare module 'react' {
  /** CSS custom properties (`--chars`, `--dx`…) that components set for their stylesheet rules. */
  interface CSSProperties {
    [property: `--${string}`]: string | number | undefined;
  }
}
