import { GameIcon } from '../../components/ui/game-icon.tsx';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { displayName } from './display-name.ts';
import { RankPicture } from './rank-picture.tsx';

export interface LeaderboardRowProps {
  rank: number | null;
  username: string;
  name: string;
  picture: string;
  /** The player's selected hero's picture, shown before their photo (W22). */
  hero: string | null;
  coins: number;
  referralEarnings: number;
  you?: boolean;
}

/** A row with rank (or "-"), picture, name and coins; the player's own row says (You). */
export function LeaderboardRow({
  rank,
  username,
  name,
  picture,
  hero,
  coins,
  referralEarnings,
  you,
}: LeaderboardRowProps) {
  return (
    <div
      className={cx(
        'flex items-center gap-3 px-3.5 py-2.5',
        you &&
          'rounded-2xl bg-[linear-gradient(90deg,rgb(255_194_31/0.22),rgb(116_76_255/0.25))] ring-2 ring-gold-300/70',
      )}
      data-testid={you ? 'own-rank' : 'leaderboard-row'}
    >
      <span
        className={cx(
          'w-9 shrink-0 text-center font-display text-[17px] tabular-nums',
          you ? 'text-gold-200' : 'text-muted',
        )}
        data-testid="rank"
      >
        {rank ?? '-'}
      </span>
      <RankPicture
        hero={hero}
        photo={picture}
        name={displayName({ username, name })}
        className="size-10 ring-2 ring-night-400"
      />
      <div className="min-w-0 flex-1">
        <p className="truncate text-[15px] font-extrabold text-ink">
          {displayName({ username, name })}
          {you && <span className="ms-1 text-gold-200">{t('leaderboardRow.you')}</span>}
        </p>
        {referralEarnings > 0 && (
          <p className="truncate text-[11px] font-bold text-muted">
            {t('leaderboardRow.fromReferrals', { referralEarnings: formatNumber(referralEarnings) })}
          </p>
        )}
      </div>
      <span className="flex shrink-0 items-center gap-1 font-display text-[16px] tabular-nums text-gold-200">
        <GameIcon name="coin" className="size-5" />
        {formatNumber(coins)}
      </span>
    </div>
  );
}
