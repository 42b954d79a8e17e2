import { REMINDER_KINDS, REMINDER_START_PARAMS, type ReminderKind } from '@titans/shared/reminders/schemas';
import { useEffect } from 'react';
import { paths } from '../../config/paths.ts';
import { useNavigate } from '../../lib/router/router.tsx';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';
import { currentZone, updateReminders } from './api/reminders.ts';

/** BR1: the screen each reminder's button (`startapp`) opens. */
const SCREENS: Record<ReminderKind, string> = {
  energy_full: paths.home.getHref(),
  daily_ready: paths.tasks.getHref('daily'),
  friend_joined: paths.invite.getHref(),
  rematch: paths.fight.getHref(),
};

/** The screen a launch's start parameter names, when it is a reminder's. */
export function reminderScreen(startParam: string | undefined): string | null {
  const kind = REMINDER_KINDS.find((entry) => REMINDER_START_PARAMS[entry] === startParam);
  return kind ? SCREENS[kind] : null;
}

let launched = false;

/**
 * Once per launch, in the app: reports where the player is for the quiet night (BR4) and, when
 * a reminder's button opened the app, goes to that reminder's screen (BR1).
 */
export function ReminderLaunch() {
  const navigate = useNavigate();
  useEffect(() => {
    if (launched) return;
    launched = true;
    void updateReminders(currentZone()).catch(() => undefined);
    const screen = reminderScreen(getLaunchContext().startParam);
    if (screen) navigate(screen, { replace: true });
  }, [navigate]);
  return null;
}
