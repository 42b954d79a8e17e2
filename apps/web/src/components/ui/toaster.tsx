import { cx } from '../../lib/cx.ts';
import { type ToastTone, useToasts } from './toast-store.ts';

const TONE: Record<ToastTone, string> = {
  success: 'bg-[linear-gradient(180deg,#4ade80,#16a34a)] text-white ring-white/25',
  error: 'bg-[linear-gradient(180deg,#fb7185,#dc2626)] text-white ring-white/25',
  info: 'panel text-ink ring-white/15',
};

const MARK: Record<ToastTone, string> = { success: '✓', error: '!', info: 'i' };

/**
 * Where toasts appear: top centre, under Telegram's header, the device notch and the game's top
 * bar (its 64 px row, 56 on short screens: the player, level and balances stay readable while a toast shows; D-UI-5).
 */
export function Toaster() {
  const toasts = useToasts((state) => state.toasts);
  const dismiss = useToasts((state) => state.dismiss);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] flex flex-col items-center gap-2 px-4 pt-[calc(var(--spacing-safe-top)+68px)]"
    >
      {toasts.map((item) => (
        <button
          key={item.id}
          type="button"
          role={item.tone === 'error' ? 'alert' : 'status'}
          onClick={() => dismiss(item.id)}
          className={cx(
            'pointer-events-auto flex max-w-[340px] items-center gap-2.5 rounded-2xl py-2.5 pe-4 ps-2.5 text-start text-[15px] font-extrabold shadow-[0_10px_30px_rgb(0_0_0/0.45)] ring-1 animate-slide-down',
            TONE[item.tone],
          )}
        >
          <span className="grid size-6 shrink-0 place-items-center rounded-full bg-white/25 text-[13px] font-black">
            {MARK[item.tone]}
          </span>
          <span className="text-outline">{item.message}</span>
        </button>
      ))}
    </div>
  );
}
