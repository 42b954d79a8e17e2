import { EmojiArt, type EmojiName } from '../../components/ui/emoji-art.tsx';
import { paths } from '../../config/paths.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { Link } from '../../lib/router/router.tsx';
import { useOutOfEnergy } from './use-out-of-energy.ts';

const TILE =
  'panel relative flex h-[60px] min-w-0 flex-1 flex-col items-center justify-center gap-0.5 rounded-2xl transition-transform active:scale-95 short:h-[50px]';

function TileFace({ art, label }: { art: EmojiName; label: string }) {
  return (
    <>
      <EmojiArt name={art} className="size-7 drop-shadow-[0_3px_6px_rgb(0_0_0/0.45)] short:size-6" />
      <span className="line-clamp-2 max-w-full px-1 text-center text-[12px] leading-none font-black tracking-[0.02em] text-ink short:text-[11px]">
        {label}
      </span>
    </>
  );
}

/**
 * Home's bottom row: Play & Earn (/tasks?tab=watch), the Titans Realm picker and Boost. Out of
 * energy, Boost points to the free refills (D-UI-4): a "Free refill" badge on the tile.
 */
export function HomeActions({ onOpenRealm }: { onOpenRealm(): void }) {
  const outOfEnergy = useOutOfEnergy();
  return (
    <div data-layout="tiles" className="flex gap-2.5">
      <Link to={paths.tasks.getHref('watch')} className={TILE} onClick={() => haptics.light()}>
        <TileFace art="video-game" label={t('homeActions.playEarn')} />
      </Link>
      <button
        type="button"
        className={TILE}
        onClick={() => {
          haptics.light();
          onOpenRealm();
        }}
      >
        <TileFace art="sunrise-over-mountains" label={t('homeActions.titansRealm')} />
      </button>
      <Link
        to={paths.boost.getHref()}
        aria-label={outOfEnergy ? t('homeActions.boostFreeEnergyRefills') : undefined}
        className={`${TILE} ring-1 ring-gold-300/50 shadow-[0_0_18px_rgb(255_194_31/0.25)]`}
        onClick={() => haptics.light()}
      >
        <TileFace art="rocket" label={t('homeActions.boost')} />
        {outOfEnergy && (
          <span
            data-testid="free-refill-badge"
            className="absolute -top-2 left-1/2 -translate-x-1/2 rounded-full bg-danger-500 px-2 py-px text-[10px] leading-tight font-black whitespace-nowrap text-white uppercase shadow-[0_2px_0_rgb(0_0_0/0.35)] animate-pop-in"
          >
            {t('homeActions.freeRefill')}
          </span>
        )}
      </Link>
    </div>
  );
}
