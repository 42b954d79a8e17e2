import { isApiError } from '../../lib/api-error.ts';
import { t } from '../../lib/i18n/i18n.ts';
import type { Product } from './product.ts';

/** The purchase flow's texts, reproduced exactly. */
export const PURCHASE_TEXTS = {
  get confirmTitle() {
    return t('purchaseTexts.confirmYourPurchase');
  },
  get cancel() {
    return t('purchaseTexts.cancelPurchase');
  },
  get successTitle() {
    return t('purchaseTexts.purchaseSuccessful');
  },
  get characterAdded() {
    return t('purchaseTexts.characterHasBeenAdded');
  },
  get itemAdded() {
    return t('purchaseTexts.itemHasBeenAdded');
  },
  get failureTitle() {
    return t('purchaseTexts.purchaseFailed');
  },
  get insufficientCoins() {
    return t('purchaseTexts.insufficientCoinsToPurchase');
  },
  get insufficientDiamonds() {
    return t('purchaseTexts.insufficientDiamondsToPurchase');
  },
  get characterFailed() {
    return t('purchaseTexts.failedToPurchaseCharacter');
  },
  get itemFailed() {
    return t('purchaseTexts.failedToPurchaseItem');
  },
  get genericFailed() {
    return t('purchaseTexts.purchaseFailedPleaseTry');
  },
  get noAccount() {
    return t('purchaseTexts.couldNotIdentifyYour');
  },
  get noItem() {
    return t('purchaseTexts.noItemSelectedFor');
  },
  get characterOnce() {
    return t('purchaseTexts.charactersCanOnlyBe');
  },
  get itemOnce() {
    return t('purchaseTexts.itemsCanOnlyBe');
  },
  get close() {
    return t('purchaseTexts.close');
  },
  get tryAgain() {
    return t('purchaseTexts.tryAgain');
  },
} as const;

/** The detail page's button. */
export function purchaseButtonLabel(product: Product): string {
  return product.currency === 'diamonds'
    ? t('purchaseTexts.purchaseWithStars')
    : t('purchaseTexts.purchaseWithGold');
}

export interface PurchaseFailure {
  message: string;
  /** The already-own note, shown under the message; its button reads Close. */
  note: string | null;
  alreadyOwned: boolean;
}

/** The balance check before the purchase call. */
export function insufficientFunds(product: Product, coins: number, gems: number): PurchaseFailure | null {
  if (product.currency === 'diamonds' && gems < product.price)
    return { message: PURCHASE_TEXTS.insufficientDiamonds, note: null, alreadyOwned: false };
  if (product.currency === 'gold' && coins < product.price)
    return { message: PURCHASE_TEXTS.insufficientCoins, note: null, alreadyOwned: false };
  return null;
}

/**
 * An 'already own' answer shows its note and a Close button (for boosters it is an
 * unexpected error); any other failure shows the server's message, else the default text.
 */
export function purchaseFailure(product: Product, error: unknown): PurchaseFailure {
  const serverMessage = isApiError(error) && error.isHttpError ? error.message : '';
  const alreadyOwn =
    isApiError(error) && (error.code === 'shop/item-owned' || error.code === 'shop/character-owned');
  if (alreadyOwn && product.type !== 'boost') {
    const character = product.kind === 'character';
    return {
      message: character ? t('purchaseTexts.youAlreadyOwnThis') : t('purchaseTexts.youAlreadyOwnThis2'),
      note: character ? PURCHASE_TEXTS.characterOnce : PURCHASE_TEXTS.itemOnce,
      alreadyOwned: true,
    };
  }
  if (alreadyOwn) return { message: PURCHASE_TEXTS.genericFailed, note: null, alreadyOwned: false };
  if (serverMessage) return { message: serverMessage, note: null, alreadyOwned: false };
  if (isApiError(error) && !error.isHttpError)
    return { message: PURCHASE_TEXTS.genericFailed, note: null, alreadyOwned: false };
  return {
    message: product.kind === 'character' ? PURCHASE_TEXTS.characterFailed : PURCHASE_TEXTS.itemFailed,
    note: null,
    alreadyOwned: false,
  };
}
