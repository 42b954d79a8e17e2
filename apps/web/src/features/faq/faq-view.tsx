import { useId, useState } from 'react';
import { SubPageHeader } from '../../components/sub-page-header.tsx';
import { cx } from '../../lib/cx.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { FAQ_ENTRIES } from './faq-content.ts';

function FaqItem({ question, answer }: { question: string; answer: readonly string[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div
      className={cx('panel overflow-hidden rounded-2xl transition-shadow', open && 'ring-1 ring-gold-300/45')}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          haptics.selection();
          setOpen((value) => !value);
        }}
        className="flex w-full items-center gap-3 px-4 py-3.5 text-start"
      >
        <span className="flex-1 text-[15px] leading-snug font-extrabold text-ink">{question}</span>
        <span
          aria-hidden
          className={cx(
            'grid size-7 shrink-0 place-items-center rounded-full bg-white/[0.08] text-[15px] text-gold-300 transition-transform duration-200',
            open && 'rotate-180',
          )}
        >
          ▾
        </span>
      </button>
      {open && (
        <section id={panelId} aria-label={question} className="px-4 pb-4 animate-fade-in">
          {answer.map((paragraph) => (
            <p key={paragraph} className="mt-1.5 text-[14px] leading-relaxed text-ink/80 first:mt-0">
              {paragraph}
            </p>
          ))}
        </section>
      )}
    </div>
  );
}

/** The FAQ (spec-a §2, spec-b §1): an accordion of four questions with a back button. */
export function FaqView({ onBack }: { onBack(): void }) {
  return (
    <section aria-label={t('faqView.faq')} className="animate-rise-in">
      <SubPageHeader title={t('faqView.faq')} onBack={onBack} />
      <div className="mt-4 flex flex-col gap-2.5">
        {FAQ_ENTRIES.map((entry) => (
          <FaqItem key={entry.question} question={entry.question} answer={entry.answer} />
        ))}
      </div>
    </section>
  );
}
