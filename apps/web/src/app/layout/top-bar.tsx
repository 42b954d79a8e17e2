import type { User } from '@titans/shared/user/schemas';
import type { ReactNode } from 'react';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { PlayerAvatar } from '../../components/ui/player-avatar.tsx';
import { paths } from '../../config/paths.ts';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { haptics } from '../../lib/haptics.ts';
import { heroLevel } from '../../lib/hero-level.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { Link } from '../../lib/router/router.tsx';

function TopBarLink({
  to,
  label,
  disabled,
  className,
  children,
}: {
  to: string;
  label: string;
  disabled: boolean;
  className: string;
  children: ReactNode;
}) {
  if (disabled) {
    return (
      <button type="button" disabled aria-label={label} className={cx(className, 'opacity-60')}>
        {children}
      </button>
    );
  }
  return (
    <Link
      to={to}
      aria-label={label}
      className={cx(className, 'transition-transform active:scale-95')}
      onClick={() => haptics.light()}
    >
      {children}
    </Link>
  );
}

/**
 * The top bar: the profile area (picture and name) to /profile, the Stars balance
 * (gems) to /diamonds, and the leaderboard.
 */
export function TopBar({ user, linksDisabled }: { user: User; linksDisabled: boolean }) {
  const name = user.username || t('topBar.player');
  return (
    <header className="relative z-10 flex h-16 shrink-0 items-center gap-2 px-3 short:h-14">
      <TopBarLink
        to={paths.profile.getHref()}
        label={t('topBar.profile', { name })}
        disabled={linksDisabled}
        className="flex min-w-0 flex-1 items-center gap-2.5 rounded-full py-1 pe-2"
      >
        <PlayerAvatar src={user.profile_picture} name={name} />
        <span className="min-w-0">
          <span className="block truncate font-display text-[17px] leading-tight text-ink text-outline">
            {name}
          </span>
          <span className="block text-[11px] font-black tracking-[0.14em] text-gold-200/90 uppercase">
            {t('topBar.level', { user: heroLevel(user) })}
          </span>
        </span>
      </TopBarLink>

      <TopBarLink
        to={paths.diamonds.getHref()}
        label={t('topBar.stars', { gems: formatNumber(user.gems) })}
        disabled={linksDisabled}
        className="panel flex h-10 items-center gap-1.5 rounded-full pe-1.5 ps-1.5"
      >
        <GameIcon name="star" className="size-7 drop-shadow-[0_0_6px_rgb(255_213_74/0.7)]" />
        <span className="min-w-6 font-display text-[17px] tabular-nums text-ink">
          {formatNumber(user.gems)}
        </span>
        <span
          aria-hidden
          className="grid size-6 place-items-center rounded-full bg-gold-300 font-display text-[16px] leading-none text-[#4a2300] shadow-[0_2px_0_#a85a00]"
        >
          +
        </span>
      </TopBarLink>

      <TopBarLink
        to={paths.leaderboard.getHref()}
        label={t('topBar.leaderboard')}
        disabled={linksDisabled}
        className="panel grid size-10 place-items-center rounded-full"
      >
        <GameIcon name="trophy" className="size-6" />
      </TopBarLink>
    </header>
  );
}
