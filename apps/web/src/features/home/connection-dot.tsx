import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { type ConnectionStatus, useConnection } from '../../lib/realtime/connection-store.ts';

/** The connection's state in words, for a screen reader. */
function statusText(status: ConnectionStatus): string {
  if (status === 'connected') return t('connectionDot.live');
  if (status === 'connecting') return t('connectionDot.connecting');
  return t('connectionDot.offline');
}

/** The connection dot, green when connected and red when not. */
export function ConnectionDot() {
  const status = useConnection((state) => state.status);
  const connected = status === 'connected';
  return (
    <span
      role="status"
      data-testid="connection-dot"
      data-status={status}
      aria-label={connected ? t('connectionDot.connected') : t('connectionDot.notConnected')}
      className="flex size-8 items-center justify-center rounded-full bg-night-950/60 ring-1 ring-white/10"
    >
      <span className="relative grid size-2.5 place-items-center">
        {connected && <span className="absolute inset-0 rounded-full bg-success-400/60 animate-ping-slow" />}
        <span
          className={cx(
            'relative size-2.5 rounded-full',
            connected
              ? 'bg-success-400 shadow-[0_0_8px_rgb(74_222_128/0.9)]'
              : 'bg-danger-500 shadow-[0_0_8px_rgb(239_68_68/0.9)]',
          )}
        />
      </span>
      {/* Read out, not drawn: beside the coin total there is room for the dot only. */}
      <span className="sr-only">{statusText(status)}</span>
    </span>
  );
}
