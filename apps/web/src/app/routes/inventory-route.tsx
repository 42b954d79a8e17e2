import { InventoryScreen } from '../../features/inventory/inventory-screen.tsx';
import { SubPageBack } from './sub-page-back.tsx';

/** /inventory: the standalone inventory, a sub-page with Telegram's BackButton. */
export function InventoryRoute() {
  return <InventoryScreen footer={<SubPageBack />} />;
}
