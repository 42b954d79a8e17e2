import type { UpgradeView } from '@titans/shared/boosts/schemas';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';

/**
 * The confirm step before an upgrade is bought (W21, decisions D-UI-16): the level it takes the
 * track to, the effect now and after, the price and the coins left. Buy spends; Cancel, Escape or
 * the backdrop leave the coins as they were.
 */
export function UpgradeConfirmDialog({
  upgrade,
  coins,
  buying,
  onBuy,
  onCancel,
}: {
  upgrade: UpgradeView | null;
  coins: number;
  buying: boolean;
  onBuy(): void;
  onCancel(): void;
}) {
  const price = upgrade?.price ?? 0;
  return (
    <Dialog
      open={upgrade !== null && upgrade.price !== null}
      title={t('upgradeConfirmDialog.upgrade', { title: upgrade?.title ?? '' })}
      onClose={buying ? undefined : onCancel}
      actions={
        <>
          <Button
            block
            size="lg"
            onClick={onBuy}
            disabled={buying || coins < price}
            aria-label={t('upgradeConfirmDialog.confirmBuyForCoins', {
              title: upgrade?.title ?? '',
              price: formatNumber(price),
            })}
          >
            {buying ? (
              <Spinner className="size-6" label={t('upgradeConfirmDialog.buying')} />
            ) : (
              <span className="flex items-center gap-2">
                {t('upgradeConfirmDialog.buyFor')}
                <GameIcon name="coin" className="size-5" />
                {formatNumber(price)}
              </span>
            )}
          </Button>
          <Button variant="ghost" block onClick={onCancel} disabled={buying}>
            {t('upgradeConfirmDialog.cancel')}
          </Button>
        </>
      }
    >
      {upgrade && (
        <dl className="mt-1 flex flex-col gap-2 text-start" data-testid="upgrade-confirm">
          <ConfirmLine label={t('upgradeConfirmDialog.level')}>
            {upgrade.level} <span className="inline-block text-gold-300 rtl:-scale-x-100">→</span>{' '}
            <span className="text-success-400">{upgrade.level + 1}</span>
            {t('upgradeConfirmDialog.of', { max_level: upgrade.max_level })}
          </ConfirmLine>
          <ConfirmLine label={t('upgradeConfirmDialog.effect')}>
            {/* Each side on one line: a narrow phone breaks at the arrow, never inside an effect. */}
            <span className="whitespace-nowrap">{upgrade.effect}</span>
            {upgrade.next_effect && (
              <>
                {' '}
                <span className="inline-block text-gold-300 rtl:-scale-x-100">→</span>{' '}
                <span className="whitespace-nowrap text-success-400">{upgrade.next_effect}</span>
              </>
            )}
          </ConfirmLine>
          <ConfirmLine label={t('upgradeConfirmDialog.cost')}>
            <span className="inline-flex items-center gap-1 text-gold-200">
              <GameIcon name="coin" className="size-4" />
              {formatNumber(price)}
            </span>
          </ConfirmLine>
          <ConfirmLine label={t('upgradeConfirmDialog.coinsLeft')}>
            {formatNumber(Math.max(0, coins - price))}
          </ConfirmLine>
        </dl>
      )}
    </Dialog>
  );
}

function ConfirmLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 rounded-xl bg-night-950/50 px-3 py-2">
      <dt className="shrink-0 text-[12px] font-black tracking-[0.12em] text-muted uppercase">{label}</dt>
      <dd className="text-end text-[14px] font-extrabold text-ink">{children}</dd>
    </div>
  );
}
