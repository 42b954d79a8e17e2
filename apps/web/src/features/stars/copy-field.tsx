import { useState } from 'react';
import { toast } from '../../components/ui/toast-store.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';

/** A value the player has to paste into their wallet, with a Copy button (spec-a §9: Copied for 2 s). */
export function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="mt-3 text-start">
      <p className="text-[12px] font-black tracking-[0.14em] text-gold-200/90 uppercase">{label}</p>
      <div className="mt-1 flex items-center gap-2 rounded-2xl bg-night-950/70 py-1.5 pe-1.5 ps-3 ring-1 ring-white/15">
        <span className="min-w-0 flex-1 truncate font-mono text-[13px] text-ink" title={value}>
          {value}
        </span>
        <button
          type="button"
          aria-label={t('copyField.copy2', { value0: label.toLowerCase() })}
          onClick={() => {
            void navigator.clipboard
              ?.writeText(value)
              .then(() => {
                haptics.success();
                setCopied(true);
                setTimeout(() => setCopied(false), 2_000);
              })
              .catch(() => toast.error(t('copyField.couldNotCopy')));
          }}
          className="shrink-0 rounded-xl bg-white/10 px-3 py-1.5 font-display text-[14px] text-gold-200 active:scale-95"
        >
          {copied ? t('copyField.copied') : t('copyField.copy')}
        </button>
      </div>
    </div>
  );
}
