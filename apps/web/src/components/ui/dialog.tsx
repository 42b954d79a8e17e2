import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../../lib/cx.ts';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  /** The body text or content. */
  children?: ReactNode;
  /** Buttons, laid out as a column (the first is the main one). */
  actions?: ReactNode;
  /** A picture that sits on the top edge of the panel. */
  art?: ReactNode;
  /** Called on Escape or a tap on the backdrop; without it the dialog can only be left by its actions. */
  onClose?: () => void;
  className?: string;
}

/** A modal panel that pops in over a dimmed screen, with a title, a body and actions. */
export function Dialog({ open, title, children, actions, art, onClose, className }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Focus the panel itself: screen readers start at the title, and no button shows a focus ring.
    panel.current?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose?.();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previous?.focus?.({ preventScroll: true });
    };
  }, [open, onClose]);

  if (!open) return null;
  return createPortal(
    // A panel taller than a small phone's screen scrolls inside the overlay, so its actions stay reachable.
    <div className="fixed inset-0 z-50 overflow-y-auto overscroll-contain">
      <div aria-hidden className="fixed inset-0 bg-night-950/75 animate-fade-in" onClick={onClose} />
      <div className="pointer-events-none relative grid min-h-full place-items-center px-5 pt-safe-top pb-safe-bottom">
        <div
          ref={panel}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          className={cx(
            'relative w-full max-w-[360px] rounded-[28px] bg-[linear-gradient(180deg,#35267a_0%,#1d1548_100%)] px-5 pb-5 text-center shadow-[inset_0_1px_0_rgb(255_255_255/0.18),0_24px_60px_rgb(0_0_0/0.6)] ring-1 ring-gold-300/35 outline-none animate-pop-in',
            'pointer-events-auto',
            art ? 'mt-16 mb-4 pt-16' : 'my-4 pt-6',
            className,
          )}
        >
          {art && (
            <div className="absolute -top-12 left-1/2 grid size-24 -translate-x-1/2 place-items-center">
              <div className="absolute inset-0 rounded-full bg-gold-400/35 blur-xl animate-glow" />
              <div className="relative">{art}</div>
            </div>
          )}
          <h2 id={titleId} className="font-display text-[24px] leading-tight text-gold">
            {title}
          </h2>
          {children && <div className="mt-2 text-[15px] leading-snug text-ink/85">{children}</div>}
          {actions && <div className="mt-5 flex flex-col gap-2">{actions}</div>}
        </div>
      </div>
    </div>,
    document.body,
  );
}
