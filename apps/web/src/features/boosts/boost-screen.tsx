import { useQueryClient } from '@tanstack/react-query';
import type { BoostsView } from '@titans/shared/boosts/schemas';
import type { UpgradeKind } from '@titans/shared/boosts/upgrades';
import type { ReactNode } from 'react';
import { useCallback, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { isApiError } from '../../lib/api-error.ts';
import { audioEngine } from '../../lib/audio/audio-engine.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { energyAt, useBalance } from '../../lib/realtime/balance-store.ts';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';
import { useNow } from '../../lib/use-now.ts';
import { useBuyUpgrade } from './api/buy-upgrade.ts';
import { boostsQueryOptions, useBoosts } from './api/get-boosts.ts';
import { useRefillEnergy } from './api/refill-energy.ts';
import { FreeRefillCard } from './free-refill-card.tsx';
import { UpgradeCard } from './upgrade-card.tsx';
import { UpgradeConfirmDialog } from './upgrade-confirm-dialog.tsx';
import { shownUpgrade } from './upgrade-texts.ts';

function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <h2 className="mt-5 mb-2.5 px-1 text-[12px] font-black tracking-[0.18em] text-gold-200/90 uppercase">
      {children}
    </h2>
  );
}

function failureMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

/**
 * The Boost screen (/boost): the four upgrade tracks bought with coins (D-BOOST-1) and the
 * free full-energy refills (D-BOOST-2). Balances shown are the live ones Home shows; a purchase
 * answers with the new view, and the server's statusUpdated moves Home's coins and energy.
 */
export function BoostScreen({ footer }: { footer?: ReactNode }) {
  const telegramUserId = getLaunchContext().player?.id ?? '';
  const queryClient = useQueryClient();
  const boosts = useBoosts();
  const buy = useBuyUpgrade(telegramUserId);
  const refill = useRefillEnergy(telegramUserId);
  const view = boosts.data;
  const { synced, coins, energyFull } = useLiveBalance(view);
  // The track whose Buy was tapped: the confirm step shows before any coin is spent (W21).
  const [confirming, setConfirming] = useState<UpgradeKind | null>(null);
  const onCooldownOver = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: boostsQueryOptions().queryKey });
  }, [queryClient]);

  let body: ReactNode;
  if (view) {
    const upgrades = view.upgrades.map(shownUpgrade);
    body = (
      <>
        <SectionTitle>{t('boostScreen.freeDailyBoosters')}</SectionTitle>
        <FreeRefillCard
          refill={view.free_refill}
          energyFull={energyFull}
          refilling={refill.isPending}
          onRefill={() => refillEnergy(refill)}
          onCooldownOver={onCooldownOver}
        />
        <SectionTitle>{t('boostScreen.boosters')}</SectionTitle>
        <div className="flex flex-col gap-3">
          {upgrades.map((upgrade) => (
            <UpgradeCard
              key={upgrade.kind}
              upgrade={upgrade}
              coins={coins}
              buying={buy.isPending && buy.variables?.kind === upgrade.kind}
              disabled={buy.isPending}
              onBuy={() => setConfirming(upgrade.kind)}
            />
          ))}
        </div>
        <UpgradeConfirmDialog
          upgrade={upgrades.find((upgrade) => upgrade.kind === confirming) ?? null}
          coins={coins}
          buying={buy.isPending}
          onCancel={() => setConfirming(null)}
          onBuy={() => {
            const upgrade = upgrades.find((candidate) => candidate.kind === confirming);
            if (!upgrade) return;
            buyUpgrade(buy, upgrade.kind, upgrade.level, upgrade.title, () => setConfirming(null));
          }}
        />
      </>
    );
  } else if (boosts.isError) {
    body = (
      <EmptyState
        art="warning"
        title={t('boostScreen.failedToLoadBoosts')}
        action={
          <Button variant="secondary" block onClick={() => void boosts.refetch()}>
            {t('boostScreen.tryAgain')}
          </Button>
        }
      />
    );
  } else {
    body = <BoostsLoading />;
  }

  return (
    <section aria-label={t('boostScreen.boost')} className="px-4 pt-1 pb-4">
      <BoostBalance coins={view || synced ? formatNumber(coins) : '—'} />
      {body}
      {footer && <div className="mt-5">{footer}</div>}
    </section>
  );
}

/**
 * The coins and whether energy is full: the live ones Home shows once the socket has synced,
 * else the Boost view's. Energy climbs while the screen is open, so "full" follows it.
 */
function useLiveBalance(view: BoostsView | undefined) {
  const synced = useBalance((state) => state.synced);
  const liveCoins = useBalance((state) => state.coins);
  const energy = useBalance((state) => state.energy);
  const liveMax = useBalance((state) => state.maxEnergy);
  const regenPerSecond = useBalance((state) => state.regenPerSecond);
  const liveEnergy = energyAt({ energy, maxEnergy: liveMax, regenPerSecond }, Date.now());
  useNow(1_000, liveEnergy < liveMax);
  const coins = synced ? liveCoins : (view?.coins ?? 0);
  const energyFull = synced ? liveEnergy >= liveMax : view ? view.energy >= view.max_energy : true;
  return { synced, coins, energyFull };
}

function buyUpgrade(
  buy: ReturnType<typeof useBuyUpgrade>,
  kind: UpgradeKind,
  level: number,
  title: string,
  onSettled: () => void,
) {
  buy.mutate(
    { kind, level },
    {
      onSettled,
      onSuccess: (next) => {
        const level = next.upgrades.find((upgrade) => upgrade.kind === kind)?.level;
        haptics.success();
        audioEngine.play('success');
        toast.success(
          level ? t('boostScreen.upgradedToLevel', { title, level }) : t('boostScreen.upgraded', { title }),
        );
      },
      onError: (error) => {
        haptics.error();
        audioEngine.play('error');
        toast.error(failureMessage(error, t('boostScreen.couldNotUpgrade', { title })));
      },
    },
  );
}

function refillEnergy(refill: ReturnType<typeof useRefillEnergy>) {
  refill.mutate(undefined, {
    onSuccess: () => {
      haptics.success();
      audioEngine.play('success');
      toast.success(t('boostScreen.energyRefilled'));
    },
    onError: (error) => {
      haptics.error();
      audioEngine.play('error');
      toast.error(failureMessage(error, t('boostScreen.couldNotRefillEnergy')));
    },
  });
}

function BoostBalance({ coins }: { coins: string }) {
  return (
    <div className="relative flex flex-col items-center text-center">
      <div className="pointer-events-none absolute top-2 h-24 w-56 rounded-full bg-gold-400/20 blur-3xl" />
      <h1 className="relative font-display text-[32px] leading-tight text-gold">{t('boostScreen.boost')}</h1>
      <p className="relative text-[12px] font-black tracking-[0.18em] text-muted uppercase">
        {t('boostScreen.yourBalance')}
      </p>
      <div className="relative mt-1 flex items-center gap-2">
        <GameIcon name="coin" className="size-10 drop-shadow-[0_4px_10px_rgb(255_170_0/0.55)]" />
        <span
          className="font-display text-[38px] leading-none tabular-nums text-ink text-outline"
          data-testid="boost-balance"
        >
          {coins}
        </span>
      </div>
    </div>
  );
}

function BoostsLoading() {
  return (
    <div className="mt-5 flex flex-col gap-3" role="status" aria-label={t('boostScreen.loadingBoosts')}>
      <Skeleton className="h-24 rounded-3xl" />
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} className="h-36 rounded-3xl" />
      ))}
    </div>
  );
}
