import { referralLink } from '@titans/shared/referrals/schemas';
import type { User } from '@titans/shared/user/schemas';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useBalance } from '../../lib/realtime/balance-store.ts';
import { useAppConfig } from './api/get-app-config.ts';
import { useReferrals } from './api/get-referrals.ts';
import { InviteBanner } from './invite-banner.tsx';
import { InviteStats } from './invite-stats.tsx';
import { ReferralLinkCard } from './referral-link-card.tsx';
import { ReferralsSection } from './referrals-section.tsx';
import { UpgradePanel } from './upgrade-panel.tsx';
import { type UpgradeMessage, useReferralUpgrade } from './use-referral-upgrade.ts';

/**
 * The player's link: t.me/<bot>/<app>?startapp=buddies_<CODE>. Without a configured
 * bot (development) the app's own address with the same start parameter, which the development
 * Telegram imitation reads.
 */
function linkFor(code: string, bot: string | null | undefined, app: string | null | undefined): string {
  if (bot && app) return referralLink(bot, app, code);
  return `${window.location.origin}/?startapp=buddies_${code}`;
}

function UpgradeNotice({ message }: { message: UpgradeMessage }) {
  return (
    <p
      role={message.tone === 'error' ? 'alert' : 'status'}
      className={cx(
        'mt-4 rounded-2xl px-4 py-3 text-center text-[14px] font-extrabold animate-slide-down',
        message.tone === 'success'
          ? 'bg-success-700/40 text-success-400 ring-1 ring-success-400/40'
          : 'bg-danger-800/50 text-danger-400 ring-1 ring-danger-400/40',
      )}
    >
      {message.text}
    </p>
  );
}

/**
 * The referral screen (/invite): banner, link with Copy and Invite, the upgrade
 * panel until the referral is upgraded, and "Your referrals".
 */
export function InviteScreen({ user }: { user: User }) {
  const telegramUserId = user.telegram_user_id;
  const config = useAppConfig();
  const referrals = useReferrals(telegramUserId);
  const upgrade = useReferralUpgrade(telegramUserId);
  const synced = useBalance((state) => state.synced);
  const liveCoins = useBalance((state) => state.coins);

  const link = config.isPending
    ? null
    : linkFor(user.referral_code, config.data?.bot_username, config.data?.mini_app_name);
  const earned = (referrals.data ?? []).reduce((sum, entry) => sum + (entry.referral_earnings ?? 0), 0);

  return (
    <section aria-label={t('inviteScreen.invites')} className="px-4 pt-1 pb-4">
      <InviteBanner upgraded={user.is_referral_upgraded} />
      <InviteStats friends={referrals.data?.length} earned={earned} coins={synced ? liveCoins : user.coins} />
      <div className="mt-4">
        <ReferralLinkCard link={link} />
      </div>
      {upgrade.message && <UpgradeNotice message={upgrade.message} />}
      {!user.is_referral_upgraded && (
        <div className="mt-4">
          <UpgradePanel gems={user.gems} upgrading={upgrade.upgrading} onUpgrade={upgrade.onUpgrade} />
        </div>
      )}
      <ReferralsSection referrals={referrals} />
    </section>
  );
}
