import { hapticFeedback } from '@tma.js/sdk-react';
import { getLaunchContext } from './telegram/launch-context.ts';

/** The seven haptic kinds; each is a no-op outside Telegram. */
export type HapticKind = 'light' | 'medium' | 'heavy' | 'success' | 'warning' | 'error' | 'selection';

function run(effect: () => void) {
  if (!getLaunchContext().insideTelegram) return;
  try {
    effect();
  } catch {
    // An old Telegram client without haptics: feedback is a nicety, never an error.
  }
}

export const haptics: Record<HapticKind, () => void> = {
  light: () => run(() => hapticFeedback.impactOccurred.ifAvailable('light')),
  medium: () => run(() => hapticFeedback.impactOccurred.ifAvailable('medium')),
  heavy: () => run(() => hapticFeedback.impactOccurred.ifAvailable('heavy')),
  success: () => run(() => hapticFeedback.notificationOccurred.ifAvailable('success')),
  warning: () => run(() => hapticFeedback.notificationOccurred.ifAvailable('warning')),
  error: () => run(() => hapticFeedback.notificationOccurred.ifAvailable('error')),
  selection: () => run(() => hapticFeedback.selectionChanged.ifAvailable()),
};
