import type { LeaderboardEntry } from '@titans/shared/leaderboard/schemas';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { cx } from '../../lib/cx.ts';
import { formatCompact } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { displayName } from './display-name.ts';
import { RankPicture } from './rank-picture.tsx';

const STYLE = {
  1: {
    ring: 'ring-[3px] ring-gold-300 shadow-[0_0_26px_rgb(255_194_31/0.65)]',
    size: 'size-[84px] short:size-[64px]',
    block: 'h-[84px] short:h-[44px] bg-[linear-gradient(180deg,#ffd54a_0%,#f5a300_45%,#a65c00_100%)]',
    badge: 'bg-[linear-gradient(180deg,#fff0a8,#ffb416)] text-[#4a2300]',
  },
  2: {
    ring: 'ring-[3px] ring-[#d9e2ff] shadow-[0_0_18px_rgb(200_215_255/0.45)]',
    size: 'size-[68px] short:size-[52px]',
    block: 'h-[62px] short:h-[32px] bg-[linear-gradient(180deg,#e6ecff_0%,#a9b6d9_45%,#5b6790_100%)]',
    badge: 'bg-[linear-gradient(180deg,#ffffff,#b9c4e6)] text-[#26304f]',
  },
  3: {
    ring: 'ring-[3px] ring-[#ffb98a] shadow-[0_0_18px_rgb(255_150_90/0.45)]',
    size: 'size-[68px] short:size-[52px]',
    block: 'h-[46px] short:h-[24px] bg-[linear-gradient(180deg,#ffc39a_0%,#d9773a_45%,#7e3b14_100%)]',
    badge: 'bg-[linear-gradient(180deg,#ffe0c8,#e08a4e)] text-[#4a1e00]',
  },
} as const;

/** What the player's friends earned them, when anything. */
function friendsLine(entry: LeaderboardEntry | undefined): string {
  if (!entry || entry.referral_earnings <= 0) return '';
  return t('podium.fromFriends', { referral_earnings: formatCompact(entry.referral_earnings) });
}

function Step({ entry, place }: { entry: LeaderboardEntry | undefined; place: 1 | 2 | 3 }) {
  const style = STYLE[place];
  return (
    <li
      className={cx(
        'flex min-w-0 flex-1 flex-col items-center',
        place === 1 ? 'order-2' : place === 2 ? 'order-1' : 'order-3',
      )}
      data-testid={`podium-${place}`}
      aria-label={
        entry ? t('podium.rank', { place, entry: displayName(entry) }) : t('podium.rankEmpty', { place })
      }
    >
      <div className="relative mb-2">
        {place === 1 && (
          <EmojiArt
            name="crown"
            className="absolute -top-7 left-1/2 size-9 -translate-x-1/2 -rotate-6 drop-shadow-[0_4px_6px_rgb(0_0_0/0.4)]"
          />
        )}
        {entry ? (
          <RankPicture
            hero={entry.hero_picture}
            photo={entry.profile_picture}
            name={displayName(entry)}
            className={cx(style.size, style.ring)}
          />
        ) : (
          <span
            className={cx(
              'block rounded-full border-2 border-dashed border-white/20 bg-white/[0.04]',
              style.size,
            )}
          />
        )}
        <span
          className={cx(
            'absolute -bottom-2 left-1/2 grid size-7 -translate-x-1/2 place-items-center rounded-full font-display text-[15px] shadow-[0_2px_0_rgb(0_0_0/0.35)]',
            style.badge,
          )}
        >
          {place}
        </span>
      </div>
      {entry ? (
        <>
          <p className="mt-1.5 w-full truncate px-1 text-center text-[13px] font-extrabold text-ink">
            {displayName(entry)}
          </p>
          <p className="flex items-center gap-1 font-display text-[15px] text-gold-200">
            <GameIcon name="coin" className="size-4" />
            {formatCompact(entry.coins)}
          </p>
        </>
      ) : (
        // An empty place says so, with no name or coins to misread as a player with 0 (W22).
        <p
          className="mt-1.5 flex h-[41.5px] w-full items-start justify-center truncate px-1 text-center text-[13px] font-bold text-muted"
          data-testid="podium-open"
        >
          {t('podium.openSpot')}
        </p>
      )}
      <p className="mb-1.5 h-4 text-[11px] leading-4 font-bold text-muted">{friendsLine(entry)}</p>
      <div
        className={cx(
          'relative w-full overflow-hidden rounded-t-2xl shadow-[inset_0_2px_0_rgb(255_255_255/0.55)]',
          style.block,
        )}
      >
        <span className="absolute inset-x-0 top-1 text-center font-display text-[30px] text-white/35 short:top-0 short:text-[20px]">
          {place}
        </span>
      </div>
    </li>
  );
}

/** spec-a §2: the podium of the top 3, first in the middle. */
export function Podium({ entries }: { entries: LeaderboardEntry[] }) {
  return (
    <ol className="flex items-end gap-2 px-1 pt-8 short:pt-7" aria-label={t('podium.top3')}>
      <Step entry={entries[0]} place={1} />
      <Step entry={entries[1]} place={2} />
      <Step entry={entries[2]} place={3} />
    </ol>
  );
}
