import type { UseQueryResult } from '@tanstack/react-query';
import type { ReferralEntry } from '@titans/shared/referrals/schemas';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { ReferralList } from './referral-list.tsx';

function referralsFailure(error: unknown): string {
  if (isApiError(error) && error.isHttpError)
    return error.message || t('referralsSection.failedToFetchReferrals');
  return t('referralsSection.errorFetchingReferrals');
}

/** Your referrals: the list, the spec's failure texts with Try again, or skeletons. */
export function ReferralsSection({ referrals }: { referrals: UseQueryResult<ReferralEntry[]> }) {
  const entries = referrals.data ?? [];
  let list: ReactNode;
  if (referrals.data) list = <ReferralList entries={entries} />;
  else if (referrals.isError)
    list = (
      <EmptyState
        art="warning"
        title={referralsFailure(referrals.error)}
        action={
          <Button variant="secondary" block onClick={() => void referrals.refetch()}>
            {t('referralsSection.tryAgain')}
          </Button>
        }
      />
    );
  else
    list = (
      <div className="flex flex-col gap-2" role="status" aria-label={t('referralsSection.loadingReferrals')}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-14 rounded-2xl" />
        ))}
      </div>
    );
  return (
    <>
      <div className="mt-5 mb-2.5 flex items-end justify-between px-1">
        <h2 className="text-[12px] font-black tracking-[0.18em] text-gold-200/90 uppercase">
          {t('referralsSection.yourReferrals')}
        </h2>
        {entries.length > 0 && <span className="text-[12px] font-black text-muted">{entries.length}</span>}
      </div>
      {list}
    </>
  );
}
