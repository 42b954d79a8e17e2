import { create } from 'zustand';
import { t } from '../../lib/i18n/i18n.ts';

/** "Banned user: the default reason is Account suspended for violating terms of service." */
export const DEFAULT_BAN_REASON = () => t('suspensionStore.accountSuspendedForViolating');

interface SuspensionState {
  suspended: boolean;
  reason: string | null;
  /** Any call answered 403 `auth/banned`, or the account says `is_banned`. */
  suspend(reason: string | null): void;
}

/** "The user is banned if is_banned is set. Then only the suspended overlay shows." */
export const useSuspension = create<SuspensionState>((set) => ({
  suspended: false,
  reason: null,
  suspend: (reason) => set({ suspended: true, reason: reason?.trim() || DEFAULT_BAN_REASON() }),
}));
