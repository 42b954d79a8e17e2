import { useOnlineStatus } from '../../lib/use-online-status.ts';

/** The red Network Disconnected pill, shown while the browser is offline (spec-a §2). */
export function NetworkStatusPill() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-[calc(var(--spacing-safe-top)+68px)] z-[55] flex justify-center">
      <div
        role="alert"
        className="flex items-center gap-2 rounded-full bg-[linear-gradient(180deg,#f87171,#dc2626)] px-4 py-2 text-[14px] font-black text-white shadow-[0_8px_24px_rgb(220_38_38/0.5)] ring-1 ring-white/30 animate-slide-down"
      >
        <span className="size-2.5 rounded-full bg-white animate-pulse-dot" />
        Network Disconnected
      </div>
    </div>
  );
}
