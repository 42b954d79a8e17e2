import { useId } from 'react';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';

/** The transaction hash input of the confirm-with-hash dialog, with its label and error (spec-a §5). */
export function HashField({
  value,
  error,
  disabled,
  onChange,
}: {
  value: string;
  error: string | null;
  disabled: boolean;
  onChange(value: string): void;
}) {
  const inputId = useId();
  return (
    <>
      <label
        htmlFor={inputId}
        className="mt-4 block text-start text-[12px] font-black tracking-[0.14em] text-gold-200/90 uppercase"
      >
        {t('hashField.transactionHash')}
      </label>
      <input
        id={inputId}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('hashField.eG3f9aC41d')}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error !== null}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className={cx(
          'mt-1.5 w-full rounded-2xl bg-night-950/70 px-3.5 py-3 font-mono text-[14px] text-ink ring-1 placeholder:text-faint focus:outline-none focus:ring-2',
          error ? 'ring-danger-500' : 'ring-white/15 focus:ring-gold-300/70',
        )}
      />
      {error && (
        <p
          id={`${inputId}-error`}
          role="alert"
          className="mt-2 text-start text-[14px] font-bold text-danger-400"
        >
          {error}
        </p>
      )}
    </>
  );
}
