import type { User } from '@titans/shared/user/schemas';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type LayoutOptions, LayoutOptionsContext } from '../../components/layout/layout-options.tsx';
import { useFootRoom } from '../../components/layout/use-foot-room.ts';
import { SceneBackdrop } from '../../components/ui/scene-backdrop.tsx';
import { PATHS_WITHOUT_AD, paths } from '../../config/paths.ts';
import { AdSlot } from '../../features/ads/ad-slot.tsx';
import { ReadyCheckDialog } from '../../features/battle/ready-check-dialog.tsx';
import { installAudio } from '../../lib/audio/audio-engine.ts';
import { cx } from '../../lib/cx.ts';
import { Outlet, useLocation } from '../../lib/router/router.tsx';
import { registerServiceWorker } from '../../lib/service-worker.ts';
import { preloadRoutes, whenIdle } from '../route-preload.ts';
import { useRealtimeSession } from '../session/use-realtime-session.ts';
import { BottomNav } from './bottom-nav.tsx';
import { NetworkStatusPill } from './network-status-pill.tsx';
import { TopBar } from './top-bar.tsx';
import { useTelegramBackButton } from './use-telegram-back-button.ts';

/**
 * The navigation shell around every routed page: top bar, page, bottom navigation and the
 * banner slot, inside Telegram's safe areas. Pages change it through useLayoutOptions.
 */
export function AppLayout({ user }: { user: User }) {
  const location = useLocation();
  const [options, setOptions] = useState<LayoutOptions>({});
  useTelegramBackButton();
  // One socket and one sound engine for every screen of the game.
  useRealtimeSession(user);
  useEffect(() => installAudio(), []);
  // Once the game is on screen: the other screens' code and the offline copy, in the background.
  useEffect(
    () =>
      whenIdle(() => {
        preloadRoutes();
        registerServiceWorker();
      }),
    [],
  );
  // Each navigation starts at the top of its page, as the spec's full page load did (D-WEB-12).
  // Only a page that was scrolled is scrolled back: scrollTo lays the whole new screen out at
  // once, inside React's commit, a long task on the first render (docs/benchmarks.md). Scroll
  // events tell whether it is needed, read while layout is fresh.
  const main = useRef<HTMLElement>(null);
  const scrolled = useRef(false);
  const footer = useFootRoom();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation, by its key
  useLayoutEffect(() => {
    if (!scrolled.current) return;
    scrolled.current = false;
    main.current?.scrollTo(0, 0);
  }, [location.key]);

  const isHome = location.pathname === paths.home.path;
  const showAd = !PATHS_WITHOUT_AD.includes(location.pathname) && !options.hideAd;
  const hero = user.avatars.find((avatar) => avatar.character_id === user.avatar);

  return (
    <LayoutOptionsContext.Provider value={setOptions}>
      <div className="bg-game relative h-full overflow-hidden">
        {/* Home shows the player's background (or the default) at reduced brightness. */}
        {isHome && <SceneBackdrop url={user.background_image} dim="brightness-[0.55] saturate-[1.1]" />}
        {/* A phone-width column, centred on tablets; the background stays full-bleed. */}
        <div className="relative mx-auto flex h-full w-full max-w-[440px] flex-col pt-safe-top pr-safe-right pb-safe-bottom pl-safe-left">
          {!options.hideTopBar && <TopBar user={user} linksDisabled={Boolean(options.disableTopBarLinks)} />}
          {/* In the flow, under the top bar: while offline it takes its own row and covers nothing. */}
          <NetworkStatusPill placement="inline" />
          <div className="relative min-h-0 flex-1">
            {/* Bottom padding (and .page-scroll's scroll padding) keep content clear of the raised Home button. */}
            <main
              ref={main}
              onScroll={(event) => {
                scrolled.current = event.currentTarget.scrollTop > 0;
              }}
              className={cx(
                'page-scroll no-scrollbar absolute inset-0 overflow-x-hidden overflow-y-auto',
                !options.hideNav && 'pb-6',
              )}
            >
              <Outlet />
            </main>
            {options.footer && (
              <div ref={footer} className="absolute inset-x-0 bottom-0 z-10">
                {options.footer}
              </div>
            )}
          </div>
          {!options.hideNav && <BottomNav pathname={location.pathname} heroImage={hero?.image ?? null} />}
          {/* Mounted again on every route change, so each page gets a fresh banner. */}
          {showAd && (
            <div className="pt-2">
              <AdSlot key={location.key} path={location.pathname} />
            </div>
          )}
          {!showAd && !options.hideNav && <div className="h-2 shrink-0" />}
        </div>
        {/* A found PvP match asks on whatever screen the player is on (F51). */}
        <ReadyCheckDialog />
      </div>
    </LayoutOptionsContext.Provider>
  );
}
