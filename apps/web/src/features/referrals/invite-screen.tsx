import { REFERRAL_MESSAGE_MS } from '@titans/shared/constants';
import { referralLink } from '@titans/shared/referrals/schemas';
import type { User } from '@titans/shared/user/schemas';
import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { audioEngine } from '../../lib/audio/audio-engine.ts';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { haptics } from '../../lib/haptics.ts';
import { useBalance } from '../../lib/realtime/balance-store.ts';
import { useAppConfig } from './api/get-app-config.ts';
import { useReferrals } from './api/get-referrals.ts';
import { useUpgradeReferral } from './api/upgrade-referral.ts';
import { InviteBanner } from './invite-banner.tsx';
import { ReferralLinkCard } from './referral-link-card.tsx';
import { ReferralList } from './referral-list.tsx';
import { UpgradePanel } from './upgrade-panel.tsx';

/** spec-a §8: the default success message. */
const UPGRADE_SUCCESS = 'Referral bonus upgraded successfully to 5000 coins per referral';

/**
 * The player's link: t.me/<bot>/<app>?startapp=buddies_<CODE> (spec-a §9). Without a configured
 * bot (development) the app's own address with the same start parameter, which the development
 * Telegram imitation reads.
 */
function linkFor(code: string, bot: string | null | undefined, app: string | null | undefined): string {
  if (bot && app) return referralLink(bot, app, code);
  return `${window.location.origin}/?startapp=buddies_${code}`;
}

/** spec-a §8: the server's message when it gave one, else the spec's texts. */
function upgradeFailure(error: unknown): string {
  if (isApiError(error)) {
    if (error.isHttpError) return error.message || 'Failed to upgrade referral';
    return 'Error upgrading referral. Please try again.';
  }
  return 'Error upgrading referral. Please try again.';
}

function referralsFailure(error: unknown): string {
  if (isApiError(error) && error.isHttpError) return error.message || 'Failed to fetch referrals';
  return 'Error fetching referrals';
}

function SectionTitle({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mt-5 mb-2.5 flex items-end justify-between px-1">
      <h2 className="text-[12px] font-black tracking-[0.18em] text-gold-200/90 uppercase">{children}</h2>
      {aside}
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-1 flex-col items-center rounded-2xl bg-white/[0.05] py-2 ring-1 ring-white/10">
      <span
        className="flex items-center gap-1 font-display text-[20px] leading-none text-ink"
        data-testid={testId}
      >
        {value}
      </span>
      <span className="mt-1 text-[10px] font-black tracking-[0.14em] text-muted uppercase">{label}</span>
    </div>
  );
}

/**
 * The referral screen (/invite, spec-a §2): banner, link with Copy and Invite, the upgrade
 * panel until the referral is upgraded, and "Your referrals".
 */
export function InviteScreen({ user }: { user: User }) {
  const telegramUserId = user.telegram_user_id;
  const config = useAppConfig();
  const referrals = useReferrals(telegramUserId);
  const upgrade = useUpgradeReferral(telegramUserId);
  const synced = useBalance((state) => state.synced);
  const liveCoins = useBalance((state) => state.coins);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  // spec-a §4: the upgrade message is auto-dismissed after 5 s.
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), REFERRAL_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const link = config.isPending
    ? null
    : linkFor(user.referral_code, config.data?.bot_username, config.data?.mini_app_name);
  const entries = referrals.data ?? [];
  const earned = entries.reduce((sum, entry) => sum + (entry.referral_earnings ?? 0), 0);
  const coins = synced ? liveCoins : user.coins;

  const onUpgrade = () => {
    upgrade.mutate(undefined, {
      onSuccess: () => {
        haptics.success();
        audioEngine.play('success');
        setMessage({ tone: 'success', text: UPGRADE_SUCCESS });
      },
      onError: (error) => {
        haptics.error();
        audioEngine.play('error');
        setMessage({ tone: 'error', text: upgradeFailure(error) });
      },
    });
  };

  let list: ReactNode;
  if (referrals.data) list = <ReferralList entries={entries} />;
  else if (referrals.isError)
    list = (
      <EmptyState
        art="warning"
        title={referralsFailure(referrals.error)}
        action={
          <Button variant="secondary" block onClick={() => void referrals.refetch()}>
            Try again
          </Button>
        }
      />
    );
  else
    list = (
      <div className="flex flex-col gap-2" role="status" aria-label="Loading referrals">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-14 rounded-2xl" />
        ))}
      </div>
    );

  return (
    <section aria-label="Invites" className="px-4 pt-1 pb-4">
      <InviteBanner upgraded={user.is_referral_upgraded} />

      <div className="mt-3 flex gap-2">
        <Stat label="Friends" value={referrals.data ? entries.length : '—'} testId="referral-count" />
        <Stat
          label="Earned"
          value={
            <>
              <GameIcon name="coin" className="size-5" />
              {formatNumber(earned)}
            </>
          }
        />
        <Stat
          label="Balance"
          value={
            <>
              <GameIcon name="coin" className="size-5" />
              {formatNumber(coins)}
            </>
          }
          testId="invite-balance"
        />
      </div>

      <div className="mt-4">
        <ReferralLinkCard link={link} />
      </div>

      {message && (
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
      )}

      {!user.is_referral_upgraded && (
        <div className="mt-4">
          <UpgradePanel gems={user.gems} upgrading={upgrade.isPending} onUpgrade={onUpgrade} />
        </div>
      )}

      <SectionTitle
        aside={
          referrals.data && entries.length > 0 ? (
            <span className="text-[12px] font-black text-muted">{entries.length}</span>
          ) : undefined
        }
      >
        Your referrals
      </SectionTitle>
      {list}
    </section>
  );
}
