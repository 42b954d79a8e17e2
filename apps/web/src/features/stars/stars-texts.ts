/** The Stars screen's texts, reproduced as written. */
export const STARS_TEXTS = {
  searchPlaceholder: 'Search stars deposit packages...',
  viewPackages: 'View Packages',
  transactionHistory: 'Transaction History',
  successTitle: 'Purchase Successful!',
  failureTitle: 'Purchase Failed',
  tryAgain: 'Try Again',
  unknownError: 'Unknown error occurred.',
  packagesFailed: 'Failed to fetch diamond packages. Please try again.',
  packageFailed: 'Could not fetch package details',
  invoiceFailed: 'Failed to generate invoice link',
  webAppUnavailable: 'Telegram WebApp is not available',
  processFailed: 'Failed to process payment. Please try again.',
  paymentFailed: 'Payment failed. Please try again.',
  purchaseFailed: 'Failed to purchase diamonds',
  invalidHash: 'Please enter a valid transaction hash.',
  /** Ours (D-STARS-11): Telegram's payment did not match the invoice, so nothing was credited. */
  paymentAnomaly:
    'This payment did not match its invoice, so no Stars were credited. Send /paysupport to the bot for a refund.',
} as const;
