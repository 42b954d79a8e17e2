import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { INVENTORY_LOAD_ERROR, INVENTORY_LOAD_FAILED, inventoryLoadError } from './inventory-texts.ts';

describe('inventory load failure texts', () => {
  it('shows the server message when the server answered with an error', () => {
    expect(inventoryLoadError(new ApiError(500, 'server/internal', 'Something broke'))).toBe(
      'Something broke',
    );
  });

  it('falls back to "Failed to load inventory items" when the server gave no message', () => {
    expect(inventoryLoadError(new ApiError(502, undefined, ''))).toBe(INVENTORY_LOAD_FAILED());
  });

  it('says "An error occurred while loading your inventory" when the request itself failed', () => {
    expect(INVENTORY_LOAD_ERROR()).toBe('An error occurred while loading your inventory');
    expect(inventoryLoadError(new ApiError(0, 'client/network', 'Network error'))).toBe(
      INVENTORY_LOAD_ERROR(),
    );
    expect(inventoryLoadError(new ApiError(0, 'client/timeout', 'Request timed out'))).toBe(
      INVENTORY_LOAD_ERROR(),
    );
    expect(inventoryLoadError(new TypeError('Failed to fetch'))).toBe(INVENTORY_LOAD_ERROR());
  });
});
