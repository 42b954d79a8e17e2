import { useMemo } from 'react';

const COLOURS = ['#ffd54a', '#ff8a8a', '#8ff0ff', '#a7f3a0', '#c4b5fd', '#ffffff'];

/** Falling confetti for a victory (3 s). CSS transforms only. */
export function Confetti() {
  const pieces = useMemo(
    () =>
      Array.from({ length: 70 }, (_, index) => ({
        left: (index * 37) % 100,
        delay: ((index * 53) % 100) / 100,
        duration: 1.8 + ((index * 29) % 10) / 10,
        colour: COLOURS[index % COLOURS.length],
        size: 6 + (index % 4) * 2,
        drift: ((index * 17) % 60) - 30,
      })),
    [],
  );
  return (
    <div
      aria-hidden
      data-testid="confetti"
      className="pointer-events-none fixed inset-0 z-40 overflow-hidden"
    >
      {pieces.map((piece, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed set
          key={index}
          className="absolute top-[-20px] block rounded-[2px] animate-confetti"
          style={{
            left: `${piece.left}%`,
            width: piece.size,
            height: piece.size * 1.6,
            background: piece.colour,
            animationDelay: `${piece.delay}s`,
            animationDuration: `${piece.duration}s`,
            '--drift': `${piece.drift}px`,
          }}
        />
      ))}
    </div>
  );
}
