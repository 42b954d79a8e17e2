import { isApiError } from '../../lib/api-error.ts';
import { t } from '../../lib/i18n/i18n.ts';

/** Inventory: the server answered with an error and no message of its own. */
export const INVENTORY_LOAD_FAILED = () => t('inventoryTexts.failedToLoadInventory');
/** Inventory: the request itself failed (no answer, a timeout, an unreadable answer). */
export const INVENTORY_LOAD_ERROR = () => t('inventoryTexts.anErrorOccurredWhile');
export const INVENTORY_EMPTY = () => t('inventoryTexts.yourInventoryIsEmpty');

/**
 * What the inventory says when it could not load: the server's message, or the
 * default when it gave none; a request that got no usable answer says so in its own words.
 */
export function inventoryLoadError(error: unknown): string {
  if (isApiError(error) && error.isHttpError) return error.message || INVENTORY_LOAD_FAILED();
  return INVENTORY_LOAD_ERROR();
}
