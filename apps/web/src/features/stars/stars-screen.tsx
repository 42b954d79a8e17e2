import { type ReactNode, useState } from 'react';
import { t } from '../../lib/i18n/i18n.ts';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';
import { useCurrentUser } from '../users/api/get-user.ts';
import { PackageGrid } from './package-grid.tsx';
import { PackageSearch } from './package-search.tsx';
import { StarsBalanceHeader } from './stars-balance-header.tsx';
import { type Sheet, StarsSheets } from './stars-sheets.tsx';
import { TransactionList } from './transaction-list.tsx';
import { useStarsCheckout } from './use-stars-checkout.ts';
import { type StarsView, ViewToggle } from './view-toggle.tsx';

/**
 * The Stars screen (/diamonds): the balance, View Packages / Transaction History,
 * the search box, how-to steps, the package grid, and the payment dialogs (StarsSheets).
 */
export function StarsScreen({ footer }: { footer?: ReactNode }) {
  const telegramUserId = getLaunchContext().player?.id ?? '';
  const user = useCurrentUser();
  const checkout = useStarsCheckout(telegramUserId);
  const [view, setView] = useState<StarsView>('packages');
  const [search, setSearch] = useState('');
  const [sheet, setSheet] = useState<Sheet>(null);

  return (
    <section aria-label={t('starsScreen.stars')} className="px-4 pt-1 pb-4">
      <StarsBalanceHeader gems={user.data?.gems} />
      <div className="mt-4">
        <ViewToggle view={view} onChange={setView} />
      </div>
      {view === 'packages' ? (
        <>
          <div className="mt-3 mb-4">
            <PackageSearch value={search} onChange={setSearch} />
          </div>
          <PackageGrid
            search={search}
            pendingId={checkout.pendingId}
            onOpen={(pkg) => setSheet({ kind: 'detail', pkg })}
          />
        </>
      ) : (
        <div className="mt-4">
          <TransactionList telegramUserId={telegramUserId} />
        </div>
      )}
      {footer && <div className="mt-5">{footer}</div>}
      <StarsSheets sheet={sheet} setSheet={setSheet} checkout={checkout} telegramUserId={telegramUserId} />
    </section>
  );
}
