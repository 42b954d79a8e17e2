import { isApiError } from '../../lib/api-error.ts';

/** Inventory: the server answered with an error and no message of its own. */
export const INVENTORY_LOAD_FAILED = 'Failed to load inventory items';
/** Inventory: the request itself failed (no answer, a timeout, an unreadable answer). */
export const INVENTORY_LOAD_ERROR = 'An error occurred while loading your inventory';
export const INVENTORY_EMPTY = 'Your inventory is empty';

/**
 * What the inventory says when it could not load: the server's message, or the
 * default when it gave none; a request that got no usable answer says so in its own words.
 */
export function inventoryLoadError(error: unknown): string {
  if (isApiError(error) && error.isHttpError) return error.message || INVENTORY_LOAD_FAILED;
  return INVENTORY_LOAD_ERROR;
}
