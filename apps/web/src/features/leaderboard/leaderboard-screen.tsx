import { LEADERBOARD_LIST_ROWS, LEADERBOARD_PODIUM } from '@titans/shared/constants';
import type { LeaderboardEntry } from '@titans/shared/leaderboard/schemas';
import type { User } from '@titans/shared/user/schemas';
import { type ReactNode, useMemo } from 'react';
import { useLayoutOptions } from '../../components/layout/layout-options.tsx';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { paths } from '../../config/paths.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useNavigate } from '../../lib/router/router.tsx';
import { useLeaderboard } from './api/get-leaderboard.ts';
import { useMyRank } from './api/get-my-rank.ts';
import { LeaderboardRow } from './leaderboard-row.tsx';
import { Podium } from './podium.tsx';

function BackToHome() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      aria-label={t('leaderboardScreen.back')}
      onClick={() => {
        haptics.light();
        navigate(paths.home.getHref(), { replace: true });
      }}
      className="panel absolute top-1 start-0 z-10 grid size-10 place-items-center rounded-full text-[22px] font-black text-ink transition-transform active:scale-95"
    >
      <span aria-hidden className="-mt-0.5 rtl:-scale-x-100">
        ‹
      </span>
    </button>
  );
}

/**
 * The leaderboard (/leaderboard): title, the podium of the top 3, the next 6 rows
 * (D-LB-2) and the player's own row pinned above the navigation, with rank or "-" and (You).
 * The list comes from the server's periodic snapshot (D-LB-1); the back action goes to /.
 */
export function LeaderboardScreen({ user }: { user: User }) {
  const board = useLeaderboard();
  useOwnRowFooter(user);
  const entries = board.data ?? [];
  let body: ReactNode;
  if (board.isPending) body = <LeaderboardSkeleton />;
  // Leaderboard errors are only logged; the player sees the empty state.
  else if (entries.length === 0)
    body = (
      <EmptyState art="trophy" title={t('leaderboardScreen.noLeaderboardDataAvailable')} className="mt-4" />
    );
  else body = <Standings entries={entries} />;

  return (
    <section aria-label={t('leaderboardScreen.leaderboard')} className="px-4 pt-1 pb-28">
      <div className="relative flex flex-col items-center text-center">
        <BackToHome />
        <div className="pointer-events-none absolute top-0 h-24 w-56 rounded-full bg-gold-400/20 blur-3xl" />
        {/* Short screens drop the trophy and shrink the podium (podium.tsx): the own row pinned at
            the foot leaves the whole podium in sight (decisions: D-UI-1). */}
        <EmojiArt
          name="trophy"
          className="relative size-14 drop-shadow-[0_6px_12px_rgb(255_170_0/0.45)] short:hidden"
        />
        {/* The title and its line keep clear of the back button's column on both sides (a long
            translation wraps in the middle instead of running under the button). */}
        <h1 className="relative px-11 font-display text-[32px] leading-tight text-gold short:text-[26px]">
          {t('leaderboardScreen.leaderboard')}
        </h1>
        <p className="relative px-11 text-[12px] font-black tracking-[0.16em] text-muted uppercase">
          {t('leaderboardScreen.topTitansReferralsThen')}
        </p>
      </div>
      {body}
    </section>
  );
}

/** The player's own row, pinned above the navigation with rank or "-" and (You). */
function useOwnRowFooter(user: User) {
  const own = useMyRank().data;
  const footer = useMemo(
    () => (
      // pb-7 keeps the row above the raised Home button, which rises 1.5rem over the nav.
      <div className="px-3 pb-7">
        <div className="rounded-[20px] bg-night-900/90 p-1 shadow-[0_-6px_24px_rgb(0_0_0/0.45)] backdrop-blur">
          <LeaderboardRow
            rank={own?.rank ?? null}
            username={own?.username ?? user.username}
            name={own?.name ?? ''}
            picture={own?.profile_picture ?? user.profile_picture}
            hero={own?.hero_picture ?? null}
            coins={own?.coins ?? user.coins}
            referralEarnings={own?.referral_earnings ?? 0}
            you
          />
        </div>
      </div>
    ),
    [own, user.username, user.profile_picture, user.coins],
  );
  useLayoutOptions({ footer });
}

function LeaderboardSkeleton() {
  return (
    <div
      className="mt-6 flex flex-col gap-2"
      role="status"
      aria-label={t('leaderboardScreen.loadingLeaderboard')}
    >
      <Skeleton className="h-48 rounded-3xl" />
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-14 rounded-2xl" />
      ))}
    </div>
  );
}

/** The podium of the top 3 and the next rows (D-LB-2). */
function Standings({ entries }: { entries: LeaderboardEntry[] }) {
  const rest = entries.slice(LEADERBOARD_PODIUM, LEADERBOARD_PODIUM + LEADERBOARD_LIST_ROWS);
  return (
    <>
      <Podium entries={entries.slice(0, LEADERBOARD_PODIUM)} />
      {rest.length > 0 && (
        <ol
          className="panel mt-4 divide-y divide-white/[0.06] overflow-hidden rounded-3xl"
          aria-label={t('leaderboardScreen.ranking')}
        >
          {rest.map((entry) => (
            <li key={entry.rank}>
              <LeaderboardRow
                rank={entry.rank}
                username={entry.username}
                name={entry.name}
                picture={entry.profile_picture}
                hero={entry.hero_picture}
                coins={entry.coins}
                referralEarnings={entry.referral_earnings}
              />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
