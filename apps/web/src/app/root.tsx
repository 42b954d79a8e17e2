import { lazy, type ReactNode, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../components/ui/button.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { Toaster } from '../components/ui/toaster.tsx';
import { LoadingScreen } from '../features/loading/loading-screen.tsx';
import { ReminderLaunch } from '../features/profile/reminder-launch.tsx';
import { TaskCompletedPopup } from '../features/quests/task-completed-popup.tsx';
import { AccountSuspendedOverlay } from '../features/suspension/account-suspended-overlay.tsx';
import { DEFAULT_BAN_REASON, useSuspension } from '../features/suspension/suspension-store.ts';
import { readStoredUser } from '../features/users/api/user-storage.ts';
import { onAccountBanned } from '../lib/api-client.ts';
import { t } from '../lib/i18n/i18n.ts';
import { useAccountLanguage } from '../lib/i18n/use-account-language.ts';
import { useTrackedRequests } from '../lib/tracked-requests.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { NetworkStatusPill } from './layout/network-status-pill.tsx';
import { rootScreen } from './root-screen.ts';
import { useSession } from './session/use-session.ts';
import { hideSplash } from './splash.ts';

/** Identity: no Telegram user id. */
export const UNIDENTIFIED_TEXT = () => t('root.couldNotIdentifyUser');

/** First-time intro and hero choice: a chunk of its own, fetched only by new players. */
const Onboarding = lazy(() =>
  import('../features/onboarding/onboarding.tsx').then((module) => ({ default: module.Onboarding })),
);

/** How long the full bar stays before the loading screen fades (so 100 is seen). */
const LOADING_EXIT_MS = 380;

/**
 * The root of every route: ban screen, then loading screen, then first-time intro and hero
 * choice, then the routed app inside the navigation shell.
 */
export function Root() {
  const suspension = useSuspension();
  const trackedInFlight = useTrackedRequests((state) => state.inFlight);
  const session = useSession();
  const [savedBackground] = useState(() =>
    session.player ? (readStoredUser(session.player.id)?.background_image ?? null) : null,
  );

  useAccountLanguage(session.user?.language);
  useEffect(() => onAccountBanned(({ reason }) => useSuspension.getState().suspend(reason)), []);
  // The first screen is in the page: index.html's splash fades out over it.
  useLayoutEffect(() => hideSplash(), []);

  const screen = rootScreen({
    suspended: suspension.suspended,
    identified: session.player !== null,
    trackedInFlight,
    user: session.user,
    sessionFailed: session.failed,
  });

  // When loading ends the bar jumps to 100, then the loading screen fades over what replaces it.
  const [exiting, setExiting] = useState(false);
  const wasLoading = useRef(screen === 'loading');
  useLayoutEffect(() => {
    const loading = screen === 'loading';
    if (wasLoading.current && !loading && screen !== 'suspended') setExiting(true);
    wasLoading.current = loading;
  }, [screen]);
  useEffect(() => {
    if (!exiting) return;
    const timer = setTimeout(() => setExiting(false), LOADING_EXIT_MS * 2);
    return () => clearTimeout(timer);
  }, [exiting]);

  if (screen === 'suspended') {
    const banned = session.user?.ban_reason?.trim() || DEFAULT_BAN_REASON();
    return <AccountSuspendedOverlay reason={suspension.suspended ? suspension.reason : banned} />;
  }

  const loadingScreen = (screen === 'loading' || exiting) && (
    <LoadingScreen
      done={screen !== 'loading'}
      leaving={exiting}
      backgroundUrl={session.user?.background_image ?? savedBackground}
    />
  );

  let content: ReactNode = null;
  if (screen === 'unidentified' || screen === 'unavailable') {
    const retry = screen === 'unavailable' ? session.retry : undefined;
    content = (
      <Unavailable title={retry ? t('root.couldNotReachThe') : UNIDENTIFIED_TEXT()} onRetry={retry} />
    );
  } else if (screen === 'onboarding' && session.player) {
    content = (
      <Suspense fallback={<LoadingScreen done={false} backgroundUrl={null} />}>
        <Onboarding telegramUserId={session.player.id} />
      </Suspense>
    );
  } else if (screen === 'app' && session.user) {
    content = (
      <>
        <AppLayout user={session.user} />
        <ReminderLaunch />
      </>
    );
  }

  return (
    <>
      {content}
      {loadingScreen}
      {/* The game shows it inline under its top bar (layout/app-layout.tsx). */}
      {screen !== 'app' && <NetworkStatusPill />}
      <TaskCompletedPopup watch={screen === 'app'} />
      <Toaster />
    </>
  );
}

function Unavailable({ title, onRetry }: { title: string; onRetry?: () => void }) {
  return (
    <div className="bg-game grid h-full place-items-center px-4 pt-safe-top pb-safe-bottom">
      <EmptyState
        art="satellite-antenna"
        title={title}
        action={
          onRetry && (
            <Button block onClick={onRetry}>
              {t('root.tryAgain')}
            </Button>
          )
        }
      />
    </div>
  );
}
