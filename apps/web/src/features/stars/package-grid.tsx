import type { DiamondPackage } from '@titans/shared/stars/schemas';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { t } from '../../lib/i18n/i18n.ts';
import { useDiamondPackages } from './api/get-diamond-packages.ts';
import { usePaymentMethods } from './api/get-payment-methods.ts';
import { HowToSteps } from './how-to-steps.tsx';
import { PackageCard } from './package-card.tsx';
import { matchesPackageSearch } from './package-search.tsx';
import { STARS_TEXTS } from './stars-texts.ts';

/**
 * The how-to steps and the package grid (2 columns, 3 on wide screens), filtered by the
 * search box; the spec's failure text with Retry, and skeletons while loading.
 */
export function PackageGrid({
  search,
  pendingId,
  onOpen,
}: {
  search: string;
  pendingId: string | null;
  onOpen(pkg: DiamondPackage): void;
}) {
  const packages = useDiamondPackages();
  const methods = usePaymentMethods().data;
  if (packages.isError && !packages.data)
    return (
      <EmptyState
        art="warning"
        title={STARS_TEXTS.packagesFailed}
        action={
          <Button variant="secondary" block onClick={() => window.location.reload()}>
            {t('packageGrid.retry')}
          </Button>
        }
      />
    );
  if (!packages.data)
    return (
      <div
        className="mt-1 grid grid-cols-2 gap-3 sm:grid-cols-3"
        role="status"
        aria-label={t('packageGrid.loadingPackages')}
      >
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="aspect-[3/4] rounded-3xl" />
        ))}
      </div>
    );
  const visible = packages.data.filter((pkg) => matchesPackageSearch(pkg, search));
  return (
    <>
      <HowToSteps />
      {methods && methods.stars === null && !methods.ton && (
        // W23: said once above the packages, before any is opened.
        <p
          role="status"
          className="mt-4 rounded-2xl bg-white/[0.06] px-4 py-3 text-center text-[14px] font-bold text-muted ring-1 ring-white/10"
        >
          {t('packageGrid.buyingStarsIsNot')}
        </p>
      )}
      <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {visible.map((pkg) => (
          <PackageCard
            key={pkg._id}
            pkg={pkg}
            busy={pendingId === pkg._id}
            methods={methods}
            onOpen={() => onOpen(pkg)}
          />
        ))}
      </div>
      {visible.length === 0 && (
        <EmptyState
          art="sparkles"
          title={t('packageGrid.noPackageMatches')}
          description={t('packageGrid.nothingFoundFor', { search })}
        />
      )}
    </>
  );
}
