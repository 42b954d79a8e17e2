import { COMBO_BONUS_AT, COMBO_SUPER_AT } from '@titans/shared/constants';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { audioEngine } from '../../lib/audio/audio-engine.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { getTapPipeline } from '../../lib/realtime/realtime-session.ts';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';
import { useCharacter } from '../characters/api/get-character.ts';
import { useCurrentUser } from '../users/api/get-user.ts';
import { CoinTotal } from './coin-total.tsx';
import { ComboBadge } from './combo-badge.tsx';
import { ConnectionDot } from './connection-dot.tsx';
import { EnergyMeter } from './energy-meter.tsx';
import { HeroCaption } from './hero-caption.tsx';
import { HeroPlatform, type TapFeedback } from './hero-platform.tsx';
import { HomeActions } from './home-actions.tsx';
import { MusicToggle } from './music-toggle.tsx';
import { TapEffects, type TapTier } from './tap-effects.ts';

/** The Home screen's texts. */
export const NO_CHARACTER_SELECTED = () => t('homeScreen.noCharacterSelected');
export const LOADING_CHARACTER = () => t('homeScreen.loadingCharacterData');
export const CHARACTER_LOAD_FAILED = () => t('homeScreen.failedToLoadCharacter');
export const LOADING = () => t('homeScreen.loading');

/** The picker is its own chunk: most sessions never open it, and Home's first script stays small. */
const BackgroundPicker = lazy(() =>
  import('./background-picker.tsx').then((module) => ({ default: module.BackgroundPicker })),
);

/** A refused tap buzzes at most this often, however fast the fingers go. */
const REFUSAL_FEEDBACK_MS = 400;

function tierOf(combo: number): TapTier {
  if (combo >= COMBO_SUPER_AT) return 'super';
  if (combo >= COMBO_BONUS_AT) return 'combo';
  return 'normal';
}

/**
 * Home, the tap screen: the coin total with its pending badge, the connection dot
 * and the music button, the selected hero large on its platform with the combo over it,
 * energy, and the Play & Earn, Titans Realm and Boost tiles. Taps go to the tap pipeline;
 * their floating values and sparks are drawn by TapEffects without re-rendering.
 */
export function HomeScreen() {
  const { data: user } = useCurrentUser();
  const telegramUserId = getLaunchContext().player?.id ?? '';
  const owned = user?.avatars.find((avatar) => avatar.character_id === user.avatar);
  // The owned copy carries the player's own level; the catalogue entry is the fallback.
  const catalogue = useCharacter(owned ? null : user?.avatar);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [pickerWanted, setPickerWanted] = useState(false);
  const { layer, comboArea, onTap } = useTaps();

  if (!user) {
    return (
      <p role="status" className="grid h-full place-items-center text-[15px] text-muted">
        {LOADING()}
      </p>
    );
  }
  return (
    <section
      aria-label={t('homeScreen.home')}
      className="@container relative flex h-full touch-manipulation flex-col px-4 pt-1 pb-2 short:pb-1"
    >
      <div className="absolute top-2.5 start-4 z-10">
        <ConnectionDot />
      </div>
      <div className="absolute top-2 end-4 z-10">
        <MusicToggle />
      </div>
      <CoinTotal />
      {/* A size container: the hero takes what the coin total, energy and tiles leave (hero-platform.tsx). */}
      <div
        data-testid="hero-stage"
        className="relative -mx-4 flex min-h-0 flex-1 items-center justify-center [container-type:size]"
      >
        {heroStage(user.avatar, owned ?? catalogue.data, catalogue.isError, onTap)}
        {/* Over the hero's head: it must never push the hero down. */}
        <div
          ref={comboArea}
          data-testid="combo-area"
          className="pointer-events-none absolute inset-x-0 top-0 z-10"
        >
          <ComboBadge />
        </div>
      </div>
      <div className="flex shrink-0 flex-col gap-2.5 short:gap-2">
        <EnergyMeter />
        <HomeActions
          onOpenRealm={() => {
            setPickerWanted(true);
            setPickerOpen(true);
          }}
        />
      </div>
      {/* Floating values and sparks, over the whole screen and never in the way of a finger. */}
      <div ref={layer} aria-hidden className="pointer-events-none fixed inset-0 z-20 overflow-hidden" />
      {pickerWanted && (
        <Suspense fallback={null}>
          <BackgroundPicker
            user={user}
            telegramUserId={telegramUserId}
            open={pickerOpen}
            onClose={() => setPickerOpen(false)}
          />
        </Suspense>
      )}
    </section>
  );
}

/** The hero on its platform, or why it is not there: none chosen, loading, or failed to load. */
function heroStage(
  avatar: string | null | undefined,
  hero: { image: string; name: string; level: number } | undefined,
  failed: boolean,
  onTap: (clientX: number, clientY: number) => TapFeedback,
): ReactNode {
  if (!avatar) return <EmptyState art="shield" title={NO_CHARACTER_SELECTED()} />;
  if (hero) {
    return (
      <HeroPlatform
        image={hero.image}
        name={hero.name}
        caption={<HeroCaption name={hero.name} level={hero.level} />}
        onTap={onTap}
      />
    );
  }
  if (failed) {
    return (
      <EmptyState
        art="warning"
        title={CHARACTER_LOAD_FAILED()}
        action={
          <Button variant="secondary" block onClick={() => window.location.reload()}>
            {t('homeScreen.tryAgain')}
          </Button>
        }
      />
    );
  }
  return (
    <div className="flex flex-col items-center gap-4" role="status">
      <Skeleton className="size-64 rounded-full" />
      <p className="text-[15px] text-muted">{LOADING_CHARACTER()}</p>
    </div>
  );
}

/**
 * Taps go to the tap pipeline: an accepted one floats its value from the finger (TapEffects, in
 * `layer`, without re-rendering) with its sound and buzz; a refused one buzzes at most every
 * REFUSAL_FEEDBACK_MS; one over the rate cap is ignored.
 */
function useTaps() {
  const layer = useRef<HTMLDivElement>(null);
  const comboArea = useRef<HTMLDivElement>(null);
  const effects = useRef<TapEffects | null>(null);
  const lastRefusal = useRef(0);

  useEffect(() => {
    if (!layer.current) return;
    const instance = new TapEffects(layer.current, {
      // Floating values stop under the combo banner (the layer covers the viewport from its top).
      ceiling: () => comboArea.current?.getBoundingClientRect().bottom ?? Number.NEGATIVE_INFINITY,
    });
    effects.current = instance;
    return () => {
      instance.dispose();
      effects.current = null;
    };
  }, []);

  const onTap = useCallback((clientX: number, clientY: number): TapFeedback => {
    const pipeline = getTapPipeline();
    if (!pipeline) return 'ignored';
    const result = pipeline.tap();
    if (result.ok) {
      const rect = layer.current?.getBoundingClientRect();
      if (rect)
        effects.current?.spawn(clientX - rect.left, clientY - rect.top, result.value, tierOf(result.combo));
      haptics.light();
      audioEngine.play('tap');
      if (result.combo === COMBO_BONUS_AT) {
        audioEngine.play('combo');
        haptics.medium();
      } else if (result.combo === COMBO_SUPER_AT) {
        audioEngine.play('superCombo');
        haptics.heavy();
      }
      return 'accepted';
    }
    // Over the 20-a-second cap: silently ignored (no value, no buzz).
    if (result.reason === 'rate') return 'ignored';
    const now = performance.now();
    if (now - lastRefusal.current > REFUSAL_FEEDBACK_MS) {
      lastRefusal.current = now;
      haptics.error();
      audioEngine.play('denied');
    }
    return 'refused';
  }, []);
  return { layer, comboArea, onTap };
}
