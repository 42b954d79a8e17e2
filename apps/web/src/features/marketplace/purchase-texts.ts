import { isApiError } from '../../lib/api-error.ts';
import type { Product } from './product.ts';

/** The purchase flow's texts, reproduced exactly. */
export const PURCHASE_TEXTS = {
  confirmTitle: 'Confirm Your Purchase',
  cancel: 'Cancel Purchase',
  successTitle: 'Purchase Successful!',
  characterAdded: 'Character has been added to your collection',
  itemAdded: 'Item has been added to your inventory',
  failureTitle: 'Purchase Failed',
  insufficientCoins: 'Insufficient coins to purchase this item',
  insufficientDiamonds: 'Insufficient diamonds to purchase this item',
  characterFailed: 'Failed to purchase character',
  itemFailed: 'Failed to purchase item',
  genericFailed: 'Purchase failed. Please try again.',
  noAccount: 'Could not identify your account. Please try again.',
  noItem: 'No item selected for purchase',
  characterOnce: 'Characters can only be purchased once.',
  itemOnce: 'Items can only be purchased once. Only boosters can be purchased multiple times.',
  close: 'Close',
  tryAgain: 'Try Again',
} as const;

/** The detail page's button. */
export function purchaseButtonLabel(product: Product): string {
  return product.currency === 'diamonds' ? 'Purchase With Stars' : 'Purchase With Gold';
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
      message: character ? 'You already own this character' : 'You already own this item',
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
