import {
  REFERRAL_INVITER_REWARD,
  REFERRAL_UPGRADE_PRICE_STARS,
  REFERRAL_UPGRADED_REWARD,
} from '@titans/shared/constants';
import { Button } from '../../components/ui/button.tsx';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { SHORTFALL_LINK, ShortfallNote } from '../../components/ui/shortfall-note.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { Link } from '../../lib/router/router.tsx';
import { formatReward } from './format-reward.ts';

export interface UpgradePanelProps {
  gems: number;
  upgrading: boolean;
  onUpgrade(): void;
}

/**
 * spec-a §2 and §9: the upgrade panel, 500 Stars for 5000 coins per referral instead of 2500.
 * The screen hides it once the referral is upgraded. Without 500 Stars the price button is
 * disabled and says what is missing, with a way to buy it (D-UI-4), before any call.
 */
export function UpgradePanel({ gems, upgrading, onUpgrade }: UpgradePanelProps) {
  const affordable = gems >= REFERRAL_UPGRADE_PRICE_STARS;
  return (
    <section
      aria-label={t('upgradePanel.upgradeReferralBonus')}
      className="relative overflow-hidden rounded-3xl bg-[linear-gradient(160deg,#4b2fb8_0%,#2a1a78_55%,#1a1150_100%)] p-3 ring-1 ring-[#a58bff]/45 shadow-[0_10px_30px_rgb(80_50_200/0.35)]"
    >
      <div className="pointer-events-none absolute -top-10 -end-8 size-40 rounded-full bg-[#b59cff]/30 blur-3xl" />
      <div className="relative flex items-center gap-3">
        <div className="grid size-12 shrink-0 place-items-center rounded-2xl bg-[radial-gradient(circle_at_50%_35%,#fff2a8,#f0a400_70%)] ring-1 ring-white/30 shadow-[0_0_18px_rgb(255_200_60/0.5)]">
          <EmojiArt name="rocket" className="size-8 drop-shadow-[0_3px_5px_rgb(0_0_0/0.35)]" />
        </div>
        <div className="min-w-0 flex-1">
          <h3 className="font-display text-[18px] leading-tight text-ink text-outline">
            {t('upgradePanel.upgradeReferralBonus')}
          </h3>
          <p className="mt-0.5 flex items-center gap-1 text-[13px] leading-snug font-bold text-ink/75">
            <GameIcon name="coin" className="size-4" />
            {formatReward(REFERRAL_INVITER_REWARD)}
            <span className="inline-block text-gold-300 rtl:-scale-x-100">→</span>
            <span className="font-black text-success-400">{formatReward(REFERRAL_UPGRADED_REWARD)}</span>
            <span>{t('upgradePanel.perReferral')}</span>
          </p>
        </div>
        <Button
          size="sm"
          onClick={onUpgrade}
          disabled={upgrading || !affordable}
          aria-label={t('upgradePanel.upgradeForStars', { REFERRAL_UPGRADE_PRICE_STARS })}
          aria-describedby={affordable ? undefined : 'referral-upgrade-shortfall'}
          icon={<GameIcon name="star" className="relative size-5" />}
          className="shrink-0"
        >
          {upgrading ? (
            <Spinner className="size-5" label={t('upgradePanel.upgrading')} />
          ) : (
            REFERRAL_UPGRADE_PRICE_STARS
          )}
        </Button>
      </div>
      {!affordable && (
        <ShortfallNote
          id="referral-upgrade-shortfall"
          className="relative mt-2.5"
          currency="Stars"
          missing={REFERRAL_UPGRADE_PRICE_STARS - gems}
          action={
            <Link to={paths.diamonds.getHref()} className={SHORTFALL_LINK}>
              {t('upgradePanel.buyStars')}
            </Link>
          }
        />
      )}
    </section>
  );
}
