import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useOnlineStatus } from '../../lib/use-online-status.ts';

/**
 * The red Network Disconnected pill, shown while the browser is offline. In the game
 * it is `inline`: a row of its own under the top bar, so it pushes the page down a little and
 * never covers the coin total (decisions: D-WEB-16). Over the loading and first-time screens,
 * which have no top bar, it floats at the top.
 */
export function NetworkStatusPill({ placement = 'floating' }: { placement?: 'inline' | 'floating' }) {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div
      data-layout="offline-pill"
      className={cx(
        'pointer-events-none flex justify-center',
        placement === 'inline'
          ? 'relative z-10 shrink-0 pt-0.5 pb-1.5'
          : 'fixed inset-x-0 top-[calc(var(--spacing-safe-top)+12px)] z-[55]',
      )}
    >
      <div
        role="alert"
        className="flex h-8 items-center gap-2 rounded-full bg-[linear-gradient(180deg,#f87171,#dc2626)] px-4 text-[14px] font-black text-white shadow-[0_6px_18px_rgb(220_38_38/0.45)] ring-1 ring-white/30 animate-slide-down"
      >
        <span className="size-2.5 rounded-full bg-white animate-pulse-dot" />
        {t('networkStatusPill.networkDisconnected')}
      </div>
    </div>
  );
}
