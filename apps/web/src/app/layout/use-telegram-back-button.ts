import { backButton } from '@tma.js/sdk-react';
import { useEffect } from 'react';
import { paths, SUB_PAGE_PATHS } from '../../config/paths.ts';
import { haptics } from '../../lib/haptics.ts';
import { useHistoryIndex, useLocation, useNavigate } from '../../lib/router/router.tsx';

/**
 * Telegram's BackButton: shown on the sub-pages (Stars, leaderboard, profile, inventory) and
 * going back; hidden on the five navigation roots. Opened directly, a sub-page goes back to Home.
 */
export function useTelegramBackButton(): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const historyIndex = useHistoryIndex();
  const isSubPage = SUB_PAGE_PATHS.includes(pathname);

  useEffect(() => {
    try {
      if (!isSubPage) {
        backButton.hide.ifAvailable();
        return;
      }
      backButton.show.ifAvailable();
      const subscription = backButton.onClick.ifAvailable(() => {
        haptics.light();
        const index = historyIndex();
        if (index > 0) navigate(-1);
        else navigate(paths.home.getHref(), { replace: true });
      });
      return () => {
        if (subscription.ok) subscription.data();
      };
    } catch (error) {
      console.warn('[back-button] unavailable', error);
    }
  }, [isSubPage, navigate, historyIndex]);
}
