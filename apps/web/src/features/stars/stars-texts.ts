import { t } from '../../lib/i18n/i18n.ts';
/** the Stars screen's texts, reproduced as written. */
export const STARS_TEXTS = {
  get searchPlaceholder() {
    return t('starsTexts.searchStarsDepositPackages');
  },
  get viewPackages() {
    return t('starsTexts.viewPackages');
  },
  get transactionHistory() {
    return t('starsTexts.transactionHistory');
  },
  get successTitle() {
    return t('starsTexts.purchaseSuccessful');
  },
  get failureTitle() {
    return t('starsTexts.purchaseFailed');
  },
  get tryAgain() {
    return t('starsTexts.tryAgain');
  },
  get unknownError() {
    return t('starsTexts.unknownErrorOccurred');
  },
  get packagesFailed() {
    return t('starsTexts.failedToFetchDiamond');
  },
  get packageFailed() {
    return t('starsTexts.couldNotFetchPackage');
  },
  get invoiceFailed() {
    return t('starsTexts.failedToGenerateInvoice');
  },
  get webAppUnavailable() {
    return t('starsTexts.telegramWebappIsNot');
  },
  get processFailed() {
    return t('starsTexts.failedToProcessPayment');
  },
  get paymentFailed() {
    return t('starsTexts.paymentFailedPleaseTry');
  },
  get purchaseFailed() {
    return t('starsTexts.failedToPurchaseDiamonds');
  },
  get invalidHash() {
    return t('starsTexts.pleaseEnterAValid');
  },
  /** Ours (D-STARS-11): Telegram's payment did not match the invoice, so nothing was credited. */
  get paymentAnomaly() {
    return t('starsTexts.thisPaymentDidNot');
  },
} as const;
