import { energyEffect } from '@titans/shared/battle/energy-effect';
import type { InventoryEntry } from '@titans/shared/inventory/schemas';
import type { OwnedAvatar } from '@titans/shared/user/schemas';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';
import { useInventory } from '../inventory/api/get-inventory.ts';
import { useArena } from './arena-store.ts';
import { heroEffectiveStats, heroStats, statsIncludes } from './hero-stats.ts';

/** The player's owned items, and those of them chosen for the next battle, in the order chosen. */
export function useEquipped(): InventoryEntry[] {
  return useOwnedItems().equipped;
}

export function useOwnedItems() {
  const telegramUserId = getLaunchContext().player?.id ?? '';
  const owned = useInventory(telegramUserId, { only_items: true }).data?.items ?? [];
  const items = useArena((s) => s.items);
  const equipped = items
    .map((id) => owned.find((entry) => entry.item_id === id))
    .filter((entry) => entry !== undefined);
  return { owned, equipped };
}

/** The three item slots under the hero (empty slots when none). */
function ItemSlots({ equipped, hiddenWhenShort }: { equipped: InventoryEntry[]; hiddenWhenShort: boolean }) {
  return (
    // On a short screen the entry reason takes the slots' room: no battle to equip for yet.
    <div className={cx('relative mt-3 flex gap-2 short:mt-2', hiddenWhenShort && 'short:hidden')}>
      {Array.from({ length: 3 }, (_, index) => {
        const entry = equipped[index];
        return (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed slots
            key={index}
            className={cx(
              'grid size-12 place-items-center rounded-xl ring-1 short:size-10',
              entry ? 'bg-night-700 ring-gold-300/60' : 'bg-night-950/50 ring-white/10',
            )}
          >
            {entry && (
              <img
                src={entry.item_details?.image_url}
                alt={entry.item_details?.name}
                className="size-9 object-contain"
              />
            )}
          </span>
        );
      })}
    </div>
  );
}

/** The selected hero, its name and stats, and its item slots; it takes the height left over. */
export function LobbyHero({ avatar, compactSlots }: { avatar: OwnedAvatar | null; compactSlots: boolean }) {
  const equipped = useEquipped();
  const energy = useArena((s) => s.energy);
  return (
    <div className="relative mt-3 flex min-h-0 w-full flex-1 flex-col items-center">
      <div className="relative flex min-h-0 w-full flex-1 items-center justify-center">
        <div className="absolute size-56 max-h-full rounded-full bg-gold-400/20 blur-3xl animate-glow" />
        {avatar && (
          <img
            src={avatar.image}
            alt={avatar.name}
            className="relative h-full max-h-56 w-auto object-contain drop-shadow-[0_16px_30px_rgb(0_0_0/0.6)] animate-float"
          />
        )}
      </div>
      <p className="relative mt-2 font-display text-[26px] leading-tight text-ink text-outline short:text-[22px]">
        {avatar?.name}
      </p>
      {avatar && (
        <>
          <p data-testid="lobby-hero-stats" className="relative text-[14px] text-muted tabular-nums">
            {t('lobbyHero.level', {
              level: avatar.level,
              avatar: heroStats(heroEffectiveStats(avatar, equipped, energy)),
            })}
          </p>
          <p className="relative text-[11px] leading-tight text-muted/80">
            {t('lobbyHero.boostersAddAtThe', {
              level: statsIncludes(avatar.level, equipped.length, energyEffect(energy).bonusHealth),
            })}
          </p>
        </>
      )}
      <ItemSlots equipped={equipped} hiddenWhenShort={compactSlots} />
    </div>
  );
}
