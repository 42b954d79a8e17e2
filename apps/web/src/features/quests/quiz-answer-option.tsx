import { cx } from '../../lib/cx.ts';
import { haptics } from '../../lib/haptics.ts';

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

/** One answer of a question: a game-styled radio, green or red once the server revealed it. */
export function QuizAnswerOption({
  text,
  index,
  selected,
  isRight,
  isWrong,
  disabled,
  onChoose,
}: {
  text: string;
  index: number;
  selected: boolean;
  isRight: boolean;
  isWrong: boolean;
  disabled: boolean;
  onChoose(index: number): void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a big game-styled answer button that acts as one radio of the group
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      disabled={disabled}
      onClick={() => {
        haptics.selection();
        onChoose(index);
      }}
      className={cx(
        'flex min-h-14 items-center gap-3 rounded-2xl px-3.5 py-2.5 text-start text-[15px] font-extrabold ring-1 transition-transform active:scale-[0.98]',
        isRight
          ? 'bg-success-500/25 text-ink ring-success-400'
          : isWrong
            ? 'bg-danger-500/25 text-ink ring-danger-400'
            : selected
              ? 'bg-night-500/70 text-ink ring-gold-300'
              : 'bg-night-700/70 text-ink/90 ring-white/10',
      )}
    >
      <span
        className={cx(
          'grid size-8 shrink-0 place-items-center rounded-xl font-display text-[15px]',
          isRight
            ? 'bg-success-500 text-white'
            : isWrong
              ? 'bg-danger-500 text-white'
              : selected
                ? 'bg-gold-300 text-[#4a2300]'
                : 'bg-white/10 text-muted',
        )}
      >
        {isRight ? '✓' : isWrong ? '✕' : LETTERS[index]}
      </span>
      {text}
    </button>
  );
}
