import { REFERRAL_DISPLAY_FALLBACK } from '@titans/shared/constants';
import type { ReferralEntry } from '@titans/shared/referrals/schemas';
import { useState } from 'react';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { placeholderPicture } from '../../lib/placeholder-picture.ts';
import { formatReward } from './format-reward.ts';

function FriendPicture({ entry }: { entry: ReferralEntry }) {
  const [failed, setFailed] = useState(false);
  const src =
    entry.profile_picture && !failed
      ? entry.profile_picture
      : placeholderPicture(entry.username || entry._id);
  return (
    <img
      src={src}
      alt=""
      onError={() => setFailed(true)}
      className="size-10 shrink-0 rounded-full bg-night-700 object-cover ring-2 ring-night-400"
    />
  );
}

/** One friend: picture, name and join date, and the coins the player earned (fallback 2000). */
function ReferralRow({ entry }: { entry: ReferralEntry }) {
  const title = entry.username ? `@${entry.username}` : entry.name || t('topBar.player');
  return (
    <li className="flex items-center gap-3 px-3.5 py-2.5" data-testid="referral-row">
      <FriendPicture entry={entry} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-[15px] font-extrabold text-ink">{title}</p>
        <p className="truncate text-[12px] font-bold text-muted">
          {entry.name && entry.username ? `${entry.name} · ` : ''}
          {formatDate(entry.createdAt, { month: 'short', day: 'numeric' }, 'en-US')}
        </p>
      </div>
      {entry.status === 'pending' ? (
        <span className="shrink-0 rounded-full bg-white/[0.07] px-2.5 py-1 text-[11px] font-black tracking-wide text-muted ring-1 ring-white/10">
          {t('referralList.choosingAHero')}
        </span>
      ) : (
        <span className="flex shrink-0 items-center gap-1 font-display text-[17px] text-gold-200">
          <GameIcon name="coin" className="size-5" />+
          {formatReward(entry.referral_earnings ?? REFERRAL_DISPLAY_FALLBACK)}
        </span>
      )}
    </li>
  );
}

/** "Your referrals" with columns Referral and Earned Coins; empty: No referral found. */
export function ReferralList({ entries }: { entries: ReferralEntry[] }) {
  if (entries.length === 0) {
    return (
      <div className="panel flex flex-col items-center rounded-3xl px-6 py-6 text-center">
        <EmojiArt
          name="people-hugging"
          className="size-16 opacity-90 drop-shadow-[0_6px_10px_rgb(0_0_0/0.4)]"
        />
        <p className="mt-2 font-display text-[18px] text-ink">{t('referralList.noReferralFound')}</p>
        <p className="mt-1 text-[13px] font-bold text-muted">{t('referralList.shareYourLinkFriends')}</p>
      </div>
    );
  }
  return (
    <div className="panel overflow-hidden rounded-3xl">
      <div className="flex justify-between border-b border-white/10 bg-night-950/40 px-3.5 py-2 text-[11px] font-black tracking-[0.14em] text-muted uppercase">
        <span>{t('referralList.referral')}</span>
        <span>{t('referralList.earnedCoins')}</span>
      </div>
      <ul className="divide-y divide-white/[0.06]" aria-label={t('referralList.yourReferrals')}>
        {entries.map((entry) => (
          <ReferralRow key={entry._id} entry={entry} />
        ))}
      </ul>
    </div>
  );
}
