import { DEFAULT_BATTLE_ENERGY, MIN_COINS_TO_BATTLE, REMATCH_DIFFICULTY } from '@titans/shared/constants';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { paths } from '../../config/paths.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useBalance } from '../../lib/realtime/balance-store.ts';
import { useNavigate } from '../../lib/router/router.tsx';
import { offerRematch } from '../profile/api/reminders.ts';
import { useCurrentUser } from '../users/api/get-user.ts';
import { AlreadyInBattleDialog } from './already-in-battle-dialog.tsx';
import { cancelMatchmaking, forfeitBattle } from './api/battle-commands.ts';
import { ArenaLobby } from './arena-lobby.tsx';
import { type ArenaDialog, ArenaModals } from './arena-modals.tsx';
import { arenaStore, backToLobby, subscribeArena, useArena } from './arena-store.ts';
import { BattleResult } from './battle-result.tsx';
import { BattleView } from './battle-view.tsx';
import { MatchmakingScreen } from './matchmaking-screen.tsx';
import { NOT_ENOUGH_COINS, type StartOverride, useArenaEnergy, useArenaStart } from './use-arena-start.ts';

subscribeArena();

/** Messages appear in a red banner at the top of the battle screen. */
function ArenaMessage({ text }: { text: string }) {
  return (
    <p
      role="alert"
      className="absolute inset-x-3 top-2 z-50 rounded-2xl bg-danger-600/95 px-4 py-2.5 text-center text-[15px] font-bold text-white shadow-lg animate-slide-down"
    >
      {text}
    </p>
  );
}

/** The lobby, with the practice fight first while the account still has it (PF7). */
function Lobby(
  props: Omit<Parameters<typeof ArenaLobby>[0], 'onPractice'> & { start: (o: StartOverride) => void },
) {
  const practice = useCurrentUser().data?.practice_fight === true;
  const { start, ...lobby } = props;
  return (
    <ArenaLobby
      {...lobby}
      onPractice={practice ? () => start({ mode: 'pve', difficulty: 'practice' }) : null}
    />
  );
}

/**
 * The Arena (/fight): lobby with the selected hero, the start dialog, matchmaking,
 * the battle (intro, live arena) and the result flow. The server runs the battle; this screen
 * sends intents and shows what the server says.
 */
export function ArenaScreen() {
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const phase = useArena((s) => s.phase);
  const message = useArena((s) => s.message);
  const result = useArena((s) => s.result);
  const battle = useArena((s) => s.battle);
  const coins = useBalance((s) => s.coins);
  const energy = useArenaEnergy();
  const [dialog, setDialog] = useState<ArenaDialog>(null);
  const { start, localError, showLocal } = useArenaStart();
  const avatar = user?.avatars.find((a) => a.character_id === user.avatar) ?? null;

  const onContinue = useCallback(() => {
    backToLobby();
    navigate(paths.fight.getHref());
  }, [navigate]);
  useEffect(() => {
    // Leaving /fight in the lobby keeps nothing running; a battle keeps going on the server.
    return () => {
      if (arenaStore.getState().phase === 'result') backToLobby();
    };
  }, []);

  const banner = message?.text ?? localError;
  // Shown before the player presses Start 's check, made visible): the stake is escrowed.
  const cannotPay = coins < MIN_COINS_TO_BATTLE ? NOT_ENOUGH_COINS() : null;
  if (user && !avatar) {
    return (
      <EmptyState
        art="crossed-swords"
        title={t('arenaScreen.noCharacterSelected')}
        action={<Button onClick={() => navigate(paths.home.getHref())}>{t('arenaScreen.returnHome')}</Button>}
      />
    );
  }
  return (
    <div className="relative flex h-full flex-col">
      {banner && <ArenaMessage text={banner} />}
      {phase === 'lobby' && <Lobby {...{ coins, energy, avatar, cannotPay, start }} onOpen={setDialog} />}
      {phase === 'searching' && (
        <MatchmakingScreen
          onCancel={() => cancelMatchmaking()}
          onFightBot={() => start({ mode: 'pve', energy: arenaStore.getState().queue?.energy_to_spend })}
        />
      )}
      {phase === 'battle' && battle && (
        <BattleView battle={battle} onForfeit={() => forfeitBattle(battle.battle_id)} />
      )}
      {phase === 'result' && result && (
        <BattleResult
          key={result.completed.battle_id}
          result={result}
          onContinue={onContinue}
          onNewMatch={() => {
            backToLobby();
            setDialog('start');
          }}
          onRematch={() => {
            // 10 energy, medium difficulty (PvP stays PvP); BR13: the bot tells the opponent.
            if (result.completed.is_pvp) offerRematch(result.completed.battle_id);
            backToLobby();
            start({ difficulty: REMATCH_DIFFICULTY, energy: DEFAULT_BATTLE_ENERGY });
          }}
        />
      )}
      <ArenaModals
        dialog={dialog}
        setDialog={setDialog}
        availableEnergy={energy}
        blockedReason={cannotPay}
        onStart={() => start()}
        onSelectFailed={() => showLocal(t('arenaScreen.failedToSelectCharacter'))}
      />
      <AlreadyInBattleDialog onRetry={() => start()} />
    </div>
  );
}
