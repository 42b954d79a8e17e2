import {
  REFERRAL_BANNER_TOKENS,
  REFERRAL_FRIEND_REWARD,
  REFERRAL_INVITER_REWARD,
  REFERRAL_UPGRADED_REWARD,
} from '@titans/shared/constants';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { t } from '../../lib/i18n/i18n.ts';
import { formatReward } from './format-reward.ts';

function RewardTile({ label, amount, note }: { label: string; amount: number; note: string }) {
  return (
    <div className="flex flex-1 flex-col items-center rounded-2xl bg-night-950/55 px-2 py-2 ring-1 ring-white/10">
      <span className="text-[11px] font-black tracking-[0.14em] text-muted uppercase">{label}</span>
      <span className="mt-0.5 flex items-center gap-1 font-display text-[22px] leading-none text-gold-200">
        <GameIcon name="coin" className="size-5" />+{formatReward(amount)}
      </span>
      <span className="mt-1 text-[11px] leading-tight font-bold text-ink/60">{note}</span>
    </div>
  );
}

/**
 * spec-a §2: the invite banner, "Invite Titans to Get 2500 Tokens", with what each side earns
 * (D-REF-2: both players are paid once the friend chooses a hero).
 */
export function InviteBanner({ upgraded }: { upgraded: boolean }) {
  const inviterReward = upgraded ? REFERRAL_UPGRADED_REWARD : REFERRAL_INVITER_REWARD;
  return (
    <div className="panel relative overflow-hidden rounded-3xl px-3.5 pt-3 pb-3 ring-1 ring-gold-300/40">
      <div className="pointer-events-none absolute -top-16 -end-10 size-52 rounded-full bg-gold-400/25 blur-3xl" />
      <div className="pointer-events-none absolute -bottom-20 -start-10 size-48 rounded-full bg-night-400/50 blur-3xl" />
      <div className="relative flex items-center gap-3">
        <div className="relative grid size-[72px] shrink-0 place-items-center">
          <div className="absolute inset-1 rounded-full bg-[radial-gradient(circle,rgb(255_194_31/0.55),transparent_70%)] animate-glow" />
          <EmojiArt
            name="wrapped-gift"
            className="relative size-[62px] animate-float drop-shadow-[0_10px_12px_rgb(0_0_0/0.45)]"
          />
          <EmojiArt name="sparkles" className="absolute -top-1 end-0 size-6 animate-twinkle" />
        </div>
        <div className="min-w-0">
          <h1 className="font-display text-[24px] leading-[1.05] text-gold text-balance">
            {t('inviteBanner.inviteTitansToGet', { REFERRAL_BANNER_TOKENS })}
          </h1>
          <p className="mt-1 text-[13px] leading-snug font-bold text-ink/75">
            {t('inviteBanner.yourFriendJoinsWith')}
          </p>
        </div>
      </div>
      <div className="relative mt-2.5 flex gap-2">
        <RewardTile
          label={t('inviteBanner.youGet')}
          amount={inviterReward}
          note={upgraded ? t('inviteBanner.upgradedBonus') : t('inviteBanner.perFriend')}
        />
        <RewardTile
          label={t('inviteBanner.friendGets')}
          amount={REFERRAL_FRIEND_REWARD}
          note={t('inviteBanner.welcomeBonus')}
        />
      </div>
    </div>
  );
}
