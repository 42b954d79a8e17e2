import type { User } from '@titans/shared/user/schemas';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { type LayoutOptions, LayoutOptionsContext } from '../../components/layout/layout-options.tsx';
import { SceneBackdrop } from '../../components/ui/scene-backdrop.tsx';
import { PATHS_WITHOUT_AD, paths } from '../../config/paths.ts';
import { AdSlot } from '../../features/ads/ad-slot.tsx';
import { installAudio } from '../../lib/audio/audio-engine.ts';
import { cx } from '../../lib/cx.ts';
import { useRealtimeSession } from '../session/use-realtime-session.ts';
import { BottomNav } from './bottom-nav.tsx';
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

  const isHome = location.pathname === paths.home.path;
  const showAd = !PATHS_WITHOUT_AD.includes(location.pathname) && !options.hideAd;
  const hero = user.avatars.find((avatar) => avatar.character_id === user.avatar);

  return (
    <LayoutOptionsContext.Provider value={setOptions}>
      <div className="bg-game relative flex h-full flex-col overflow-hidden pt-safe-top pr-safe-right pb-safe-bottom pl-safe-left">
        {/* spec-a §2: Home shows the player's background (or the default) at reduced brightness. */}
        {isHome && <SceneBackdrop url={user.background_image} dim="brightness-[0.55] saturate-[1.1]" />}
        {!options.hideTopBar && <TopBar user={user} linksDisabled={Boolean(options.disableTopBarLinks)} />}
        <div className="relative min-h-0 flex-1">
          {/* Bottom padding keeps content clear of the raised Home button. */}
          <main
            className={cx(
              'no-scrollbar absolute inset-0 overflow-x-hidden overflow-y-auto',
              !options.hideNav && 'pb-6',
            )}
          >
            <Outlet />
          </main>
          {options.footer && <div className="absolute inset-x-0 bottom-0 z-10">{options.footer}</div>}
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
    </LayoutOptionsContext.Provider>
  );
}
