import { InventoryScreen } from '../../features/inventory/inventory-screen.tsx';
import { SubPageBack } from './sub-page-back.tsx';

/** /inventory: the standalone inventory (spec-a §2), a sub-page with Telegram's BackButton. */
export function InventoryRoute() {
  return <InventoryScreen footer={<SubPageBack />} />;
}
