import type { BattleStartedPayload } from '@titans/shared/battle/schemas';
import { BATTLE_INTRO_MS, DAMAGE_FLASH_MS } from '@titans/shared/constants';
import { useEffect, useRef, useState } from 'react';
import { useLayoutOptions } from '../../components/layout/layout-options.tsx';
import { Button } from '../../components/ui/button.tsx';
import { t } from '../../lib/i18n/i18n.ts';
import { useNow } from '../../lib/use-now.ts';
import { ArenaField } from './arena-field.tsx';
import { arenaStore, dispatchArena, serverNow, useArena } from './arena-store.ts';
import { BattleHud } from './battle-hud.tsx';
import { BattleIntro } from './battle-intro.tsx';
import { ExitDialog } from './exit-dialog.tsx';
import { IntroCountdown, PreparingBattle } from './intro-countdown.tsx';
import { PracticeTips } from './practice.tsx';
import { useIntroSkippable } from './use-intro-skippable.ts';

const SHAKE = [
  { transform: 'translate3d(0,0,0)' },
  { transform: 'translate3d(-6px,2px,0)' },
  { transform: 'translate3d(6px,-2px,0)' },
  { transform: 'translate3d(-4px,1px,0)' },
  { transform: 'translate3d(0,0,0)' },
];
/** The shell's navigation is locked for the whole fight: Exit (which confirms) is the way out (D-UI-14). */
const FIGHT_LAYOUT = { hideNav: true, disableTopBarLinks: true, hideAd: true } as const;

/**
 * The live arena (phase 4) with the intro on top until FIGHT!: health bars, the play
 * area, the player's hits and Exit. Taps are intents; every number shown comes from the server.
 */
export function BattleView({ battle, onForfeit }: { battle: BattleStartedPayload; onForfeit: () => void }) {
  useLayoutOptions(FIGHT_LAYOUT);
  const [exitOpen, setExitOpen] = useState(false);
  const now = useNow(200);
  const rootRef = useRef<HTMLDivElement>(null);
  const yourHurtAt = useArena((s) => s.yourHurtAt);
  const showIntro = useArena((s) => s.showIntro);
  const introSkipped = useArena((s) => s.introSkipped);
  const opponentSkipped = useArena((s) => s.opponentSkipped);
  const yourTaps = useArena((s) => s.yourTaps);
  const skippable = useIntroSkippable();
  // The screen shakes when you are hit, on the compositor (Web Animations), not through renders.
  useEffect(() => {
    if (yourHurtAt) rootRef.current?.animate(SHAKE, { duration: DAMAGE_FLASH_MS, easing: 'ease-out' });
  }, [yourHurtAt]);
  const server = serverNow(arenaStore.getState());
  const remaining = battle.live.fight_starts_at - server;
  const live = remaining <= 0;
  const preparing = showIntro && !battle.is_pvp && remaining > BATTLE_INTRO_MS;
  const intro = showIntro && !preparing && remaining > -300;

  return (
    <div ref={rootRef} data-testid="battle-view" className="relative flex h-full flex-col">
      {/* Damage flash over the whole screen when you are hit (300 ms). */}
      {yourHurtAt > 0 && (
        <div
          key={yourHurtAt}
          aria-hidden
          className="pointer-events-none absolute inset-0 z-20 bg-danger-500/25 animate-fade-out"
        />
      )}
      <BattleHud battle={battle} live={live} now={now} server={server} />
      <ArenaField battle={battle} live={live} server={server} />
      {battle.difficulty === 'practice' && live && <PracticeTips taps={yourTaps} />}
      <div className="flex items-center justify-between px-4 py-3">
        <p className="font-display text-[15px] text-muted">
          {t('battleView.hits')}{' '}
          <span className="text-ink tabular-nums" data-testid="your-hits">
            {yourTaps}
          </span>
        </p>
        <Button variant="ghost" size="sm" onClick={() => setExitOpen(true)}>
          {t('battleView.exit')}
        </Button>
      </div>
      {preparing && <PreparingBattle opponent={battle.opponent_info.name} />}
      {intro && !introSkipped && (
        <BattleIntro
          battle={battle}
          elapsed={BATTLE_INTRO_MS - remaining}
          onSkip={skippable ? () => dispatchArena({ event: 'skipIntro' }) : undefined}
          opponentSkipped={battle.is_pvp && opponentSkipped}
        />
      )}
      {intro && introSkipped && (
        <IntroCountdown remaining={remaining} waitingForOpponent={battle.is_pvp && !opponentSkipped} />
      )}
      <ExitDialog
        open={exitOpen}
        onClose={() => setExitOpen(false)}
        onExit={() => {
          setExitOpen(false);
          onForfeit();
        }}
      />
    </div>
  );
}
