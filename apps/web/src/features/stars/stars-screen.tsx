import type { DiamondPackage } from '@titans/shared/stars/schemas';
import { type ReactNode, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { audioEngine } from '../../lib/audio/audio-engine.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { haptics } from '../../lib/haptics.ts';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';
import { useCurrentUser } from '../users/api/get-user.ts';
import { useDiamondPackages } from './api/get-diamond-packages.ts';
import { purchaseWithCrypto } from './api/purchase-with-crypto.ts';
import { CryptoHashDialog } from './crypto-hash-dialog.tsx';
import { HowToSteps } from './how-to-steps.tsx';
import { PackageCard } from './package-card.tsx';
import { PackageDetailDialog } from './package-detail-dialog.tsx';
import { matchesPackageSearch, PackageSearch } from './package-search.tsx';
import { PurchaseResultDialogs } from './purchase-result-dialogs.tsx';
import { STARS_TEXTS } from './stars-texts.ts';
import { TonPaymentDialog } from './ton-payment-dialog.tsx';
import { TransactionList } from './transaction-list.tsx';
import { useStarsCheckout } from './use-stars-checkout.ts';
import { type StarsView, ViewToggle } from './view-toggle.tsx';

/** Which payment sheet is open over the screen. */
type Sheet =
  | { kind: 'detail'; pkg: DiamondPackage }
  | { kind: 'ton'; pkg: DiamondPackage }
  | { kind: 'hash'; pkg: DiamondPackage }
  | null;

/**
 * The Stars screen (/diamonds, spec-a §2): the balance, View Packages / Transaction History,
 * the search box, how-to steps, the package grid, the package detail with Buy (Telegram Stars)
 * and Pay with TON, the confirm-with-hash dialog and the success / failure dialogs.
 */
export function StarsScreen({ footer }: { footer?: ReactNode }) {
  const telegramUserId = getLaunchContext().player?.id ?? '';
  const user = useCurrentUser();
  const packages = useDiamondPackages();
  const checkout = useStarsCheckout(telegramUserId);
  const [view, setView] = useState<StarsView>('packages');
  const [search, setSearch] = useState('');
  const [sheet, setSheet] = useState<Sheet>(null);

  const gems = user.data?.gems;
  const visible = (packages.data ?? []).filter((pkg) => matchesPackageSearch(pkg, search));

  const buy = (pkg: DiamondPackage) => {
    void checkout.buyWithStars(pkg).then(() => setSheet((open) => (open?.kind === 'detail' ? null : open)));
  };

  const submitHash = async (pkg: DiamondPackage, hash: string) => {
    try {
      const result = await purchaseWithCrypto(telegramUserId, pkg, hash);
      haptics.success();
      audioEngine.play('success');
      setSheet(null);
      checkout.showOutcome({
        kind: 'success',
        diamonds: result.diamonds_credited,
        packageName: pkg.name,
        txHash: hash,
      });
    } catch (error) {
      haptics.error();
      audioEngine.play('error');
      setSheet(null);
      checkout.showOutcome({
        kind: 'failure',
        message: isApiError(error) && error.message ? error.message : STARS_TEXTS.purchaseFailed,
        retry: () => setSheet({ kind: 'hash', pkg }),
      });
    } finally {
      checkout.refresh();
    }
  };

  let body: ReactNode;
  if (view === 'history') {
    body = <TransactionList telegramUserId={telegramUserId} />;
  } else if (packages.data) {
    body = (
      <>
        <HowToSteps />
        <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {visible.map((pkg) => (
            <PackageCard
              key={pkg._id}
              pkg={pkg}
              busy={checkout.pendingId === pkg._id}
              onOpen={() => setSheet({ kind: 'detail', pkg })}
            />
          ))}
        </div>
        {visible.length === 0 && (
          <EmptyState
            art="sparkles"
            title="No package matches"
            description={`Nothing found for “${search}”.`}
          />
        )}
      </>
    );
  } else if (packages.isError) {
    body = (
      <EmptyState
        art="warning"
        title={STARS_TEXTS.packagesFailed}
        action={
          <Button variant="secondary" block onClick={() => window.location.reload()}>
            Retry
          </Button>
        }
      />
    );
  } else {
    body = (
      <div className="mt-1 grid grid-cols-2 gap-3 sm:grid-cols-3" role="status" aria-label="Loading packages">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="aspect-[3/4] rounded-3xl" />
        ))}
      </div>
    );
  }

  return (
    <section aria-label="Stars" className="px-4 pt-1 pb-4">
      <div className="relative flex flex-col items-center text-center">
        <div className="pointer-events-none absolute top-2 h-24 w-56 rounded-full bg-gold-400/25 blur-3xl" />
        <h1 className="relative font-display text-[32px] leading-tight text-gold">Stars</h1>
        <p className="relative text-[12px] font-black tracking-[0.18em] text-muted uppercase">Your balance</p>
        <div className="relative mt-1 flex items-center gap-2">
          <GameIcon name="star" className="size-10 drop-shadow-[0_0_10px_rgb(255_213_74/0.7)]" />
          <span
            className="font-display text-[38px] leading-none tabular-nums text-ink text-outline"
            data-testid="stars-balance"
          >
            {gems === undefined ? '—' : formatNumber(gems)}
          </span>
        </div>
      </div>
      <div className="mt-4">
        <ViewToggle view={view} onChange={setView} />
      </div>
      {view === 'packages' && (
        <div className="mt-3 mb-4">
          <PackageSearch value={search} onChange={setSearch} />
        </div>
      )}
      <div className={view === 'history' ? 'mt-4' : undefined}>{body}</div>
      {footer && <div className="mt-5">{footer}</div>}

      {sheet?.kind === 'detail' && (
        <PackageDetailDialog
          pkg={sheet.pkg}
          buying={checkout.pendingId !== null}
          onClose={() => setSheet(null)}
          onBuyWithStars={buy}
          onPayWithTon={(pkg) => setSheet({ kind: 'ton', pkg })}
        />
      )}
      {sheet?.kind === 'ton' && (
        <TonPaymentDialog
          pkg={sheet.pkg}
          onClose={() => setSheet(null)}
          onEnterHash={() => setSheet({ kind: 'hash', pkg: sheet.pkg })}
          onPaid={(paid) => {
            const pkg = sheet.pkg;
            setSheet(null);
            haptics.success();
            audioEngine.play('success');
            checkout.refresh();
            checkout.showOutcome({
              kind: 'success',
              diamonds: paid.diamonds,
              packageName: pkg.name,
              ...(paid.txHash ? { txHash: paid.txHash } : {}),
            });
          }}
          onFailed={(message) => {
            setSheet(null);
            checkout.showOutcome({ kind: 'failure', message });
          }}
        />
      )}
      {sheet?.kind === 'hash' && (
        <CryptoHashDialog onSubmit={(hash) => submitHash(sheet.pkg, hash)} onClose={() => setSheet(null)} />
      )}
      <PurchaseResultDialogs outcome={checkout.outcome} onClose={checkout.clearOutcome} />
    </section>
  );
}
