import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { TelegramStar } from './telegram-star.tsx';
import type { DevelopmentInvoiceRequest } from './use-stars-checkout.ts';

/**
 * D-STARS-14: development mode's stand-in for Telegram's payment sheet, shown only when the server
 * runs without a bot. Pay makes the server run Telegram's payment path for this order; no real
 * Stars are charged, and the label says so.
 */
export function DevelopmentInvoiceDialog({ request }: { request: DevelopmentInvoiceRequest }) {
  const { pkg, invoice, settle } = request;
  return (
    <Dialog
      open
      title={t('developmentInvoiceDialog.developmentPayment')}
      onClose={() => settle('cancelled')}
      art={<img src={pkg.image_url} alt="" className="size-24 rounded-[22px] ring-2 ring-energy-300/70" />}
      actions={
        <>
          <Button block size="lg" onClick={() => settle('paid')}>
            <span className="inline-flex items-center gap-1">
              {t('developmentInvoiceDialog.pay', { stars_amount: formatNumber(invoice.stars_amount) })}
              <TelegramStar tone="ink" className="size-5" />
              <span className="sr-only">{t('developmentInvoiceDialog.telegramStarsDevelopment')}</span>
            </span>
          </Button>
          <Button variant="ghost" block onClick={() => settle('cancelled')}>
            {t('developmentInvoiceDialog.cancel')}
          </Button>
        </>
      }
    >
      <p className="inline-block rounded-full bg-energy-400/15 px-3 py-0.5 text-[12px] font-black tracking-[0.14em] text-energy-300 uppercase ring-1 ring-energy-300/40">
        {t('developmentInvoiceDialog.developmentMode')}
      </p>
      <p className="mt-2 font-bold text-ink">{t('developmentInvoiceDialog.noRealTelegramStars')}</p>
      <p className="mt-1 text-[14px] text-muted">
        {t('developmentInvoiceDialog.starsThisServerHas', {
          name: pkg.name,
          diamond_amount: formatNumber(invoice.diamond_amount),
          order_id: invoice.order_id,
        })}
      </p>
    </Dialog>
  );
}
