import type { Transaction } from '@titans/shared/stars/schemas';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cx } from '../../lib/cx.ts';
import { formatDate } from '../../lib/format-date.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useTransactions } from './api/get-transactions.ts';
import { shortHash } from './purchase-result-dialogs.tsx';

const DATE_FORMAT: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

function label(entry: Transaction): string {
  switch (entry.type) {
    case 'DIAMOND_PURCHASE_STARS':
      return t('transactionList.boughtWithTelegramStars');
    case 'DIAMOND_PURCHASE_TON':
      return t('transactionList.boughtWithTon');
    case 'DIAMOND_REFUND':
      return t('transactionList.refunded');
    default:
      return t('transactionList.titansEmporium');
  }
}

/** What the server's status codes (stars-view, stars-transactions) read as; another shows as sent. */
export function transactionStatusText(status: string): string {
  switch (status) {
    case 'completed':
      return t('transactionList.statusCompleted');
    case 'not credited':
      return t('transactionList.statusNotCredited');
    case 'refunded':
      return t('transactionList.refunded');
    default:
      return status;
  }
}

/** XTR is Telegram Stars, gems are Stars, coins are Coins; a crypto ticker (TON) stays as it is. */
export function transactionCurrencyText(currency: string): string {
  switch (currency) {
    case 'XTR':
      return t('transactionList.telegramStars');
    case 'gems':
      return t('emporiumWallet.stars');
    case 'coins':
      return t('priceTag.coins');
    default:
      return currency;
  }
}

/** Stars deals show the Stars they moved; marketplace purchases what they cost. */
function amountText(entry: Transaction): { text: string; tone: string; icon: 'star' | 'coin' } {
  if (entry.type.includes('DIAMOND')) {
    const sign = entry.amount >= 0 ? '+' : '−';
    return {
      text: `${sign}${formatNumber(Math.abs(entry.amount))}`,
      tone: entry.amount >= 0 ? 'text-success-400' : 'text-danger-400',
      icon: 'star',
    };
  }
  return {
    text: `−${formatNumber(entry.amount)}`,
    tone: 'text-ink',
    icon: entry.item_details.currency === 'gems' ? 'star' : 'coin',
  };
}

function TransactionDetailDialog({ entry, onClose }: { entry: Transaction; onClose(): void }) {
  const amount = amountText(entry);
  const rows: Array<[string, string]> = [
    [t('transactionList.type'), label(entry)],
    [t('transactionList.date'), formatDate(entry.timestamp, DATE_FORMAT, 'en-GB')],
    [
      t('transactionList.paid'),
      `${formatNumber(entry.item_details.price)} ${transactionCurrencyText(entry.item_details.currency)}`,
    ],
    [t('transactionList.status'), transactionStatusText(entry.status)],
  ];
  if (entry.tx_hash) rows.push([t('transactionList.reference'), shortHash(entry.tx_hash)]);
  return (
    <Dialog
      open
      title={entry.item_details.name}
      onClose={onClose}
      art={
        <img
          src={entry.item_details.image_url}
          alt=""
          className="size-24 rounded-[22px] object-cover ring-2 ring-gold-300/70"
        />
      }
      actions={
        <Button variant="ghost" block onClick={onClose}>
          {t('transactionList.close')}
        </Button>
      }
    >
      <p className={cx('flex items-center justify-center gap-1.5 font-display text-[26px]', amount.tone)}>
        {amount.text}
        <GameIcon name={amount.icon} className="size-6" />
      </p>
      <dl className="mt-3 divide-y divide-white/10 rounded-2xl bg-night-950/40 px-3 text-start text-[14px]">
        {rows.map(([term, value]) => (
          <div key={term} className="flex items-center justify-between gap-3 py-2">
            <dt className="text-muted">{term}</dt>
            <dd className="truncate font-bold text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

/** Transaction History: newest first, each opening its detail dialog. */
function TransactionsLoading() {
  return (
    <div className="flex flex-col gap-2" role="status" aria-label={t('transactionList.loadingTransactions')}>
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-16 rounded-2xl" />
      ))}
    </div>
  );
}

export function TransactionList({ telegramUserId }: { telegramUserId: string }) {
  const transactions = useTransactions(telegramUserId);
  const [open, setOpen] = useState<Transaction | null>(null);

  if (transactions.isPending) return <TransactionsLoading />;
  if (transactions.isError) {
    return (
      <EmptyState
        art="warning"
        title={t('transactionList.couldNotLoadYour')}
        action={
          <Button variant="secondary" block onClick={() => void transactions.refetch()}>
            {t('transactionList.tryAgain')}
          </Button>
        }
      />
    );
  }
  if (transactions.data.length === 0) {
    return (
      <EmptyState
        art="scroll"
        title={t('transactionList.noTransactionsYet')}
        description={t('transactionList.yourStarsPurchasesWill')}
      />
    );
  }
  return (
    <>
      <ul aria-label={t('transactionList.transactions')} className="flex flex-col gap-2">
        {transactions.data.map((entry) => {
          const amount = amountText(entry);
          return (
            <li key={entry._id}>
              <button
                type="button"
                onClick={() => setOpen(entry)}
                className="panel flex w-full items-center gap-3 rounded-2xl p-2.5 text-start transition-transform active:scale-[0.98]"
              >
                <img
                  src={entry.item_details.image_url}
                  alt=""
                  className="size-12 shrink-0 rounded-xl object-cover"
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-display text-[16px] text-ink">
                    {entry.item_details.name}
                  </span>
                  <span className="block truncate text-[12px] text-muted">{label(entry)}</span>
                  {/* A line of its own: the date is never cut (D-UI-5). */}
                  <time
                    dateTime={new Date(entry.timestamp).toISOString()}
                    className="block text-[12px] whitespace-nowrap text-muted tabular-nums"
                  >
                    {formatDate(entry.timestamp, DATE_FORMAT, 'en-GB')}
                  </time>
                </span>
                <span
                  className={cx('flex items-center gap-1 font-display text-[17px] tabular-nums', amount.tone)}
                >
                  {amount.text}
                  <GameIcon name={amount.icon} className="size-5" />
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {open && <TransactionDetailDialog entry={open} onClose={() => setOpen(null)} />}
    </>
  );
}
