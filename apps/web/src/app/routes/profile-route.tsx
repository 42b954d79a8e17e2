import { ArtCredits } from '../../components/ui/art-credits.tsx';
import { FaqView } from '../../features/faq/faq-view.tsx';
import { InventoryPanel } from '../../features/inventory/inventory-panel.tsx';
import { ProfileScreen } from '../../features/profile/profile-screen.tsx';

/** /profile: the app puts the inventory and FAQ features into the Profile's sub-views. */
export function ProfileRoute() {
  return (
    <div className="grid min-h-full grid-cols-1 grid-rows-[1fr_auto]">
      <ProfileScreen inventory={<InventoryPanel />} faq={(onBack) => <FaqView onBack={onBack} />} />
      <ArtCredits className="px-6 pb-3" />
    </div>
  );
}
