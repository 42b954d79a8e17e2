import {
  BATTLE_COIN_REWARD,
  BATTLE_STAKE,
  DEFAULT_BATTLE_ENERGY,
  MIN_COINS_TO_BATTLE,
  REMATCH_DIFFICULTY,
} from '@titans/shared/constants';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { paths } from '../../config/paths.ts';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { energyAt, useBalance } from '../../lib/realtime/balance-store.ts';
import { useConnection } from '../../lib/realtime/connection-store.ts';
import { useNavigate } from '../../lib/router/router.tsx';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';
import { useCountedNumber } from '../../lib/use-counted-number.ts';
import { useNow } from '../../lib/use-now.ts';
import { useInventory } from '../inventory/api/get-inventory.ts';
import { useCurrentUser } from '../users/api/get-user.ts';
import { useSelectCharacter } from '../users/api/select-character.ts';
import { cancelMatchmaking, findMatch, forfeitBattle } from './api/battle-commands.ts';
import { SelectCharacterModal, SelectItemsModal, StartBattleDialog } from './arena-dialogs.tsx';
import {
  arenaStore,
  backToLobby,
  forfeitActive,
  setArenaChoice,
  subscribeArena,
  useArena,
} from './arena-store.ts';
import { BattleResult } from './battle-result.tsx';
import { BattleView } from './battle-view.tsx';

const ONE_LINE_LABEL = '-mx-2 block whitespace-nowrap text-[15px] max-[399px]:text-[13px]';

subscribeArena();

/** spec-b §5: the text of a refused start for want of the stake. */
export const NOT_ENOUGH_COINS = 'You need at least 5000 coins to enter a battle!';

/**
 * The stake rule in one line (decisions D-BATTLE-13, D-WEB-37): the stake is taken at the start,
 * a victory returns it with the prize, a defeat (leaving included) keeps it.
 */
export const STAKE_LINE = `Stake ${formatNumber(BATTLE_STAKE)} · Win +${formatNumber(BATTLE_COIN_REWARD)} · Lose the stake`;

/** Already in Battle! (spec-b §8): forfeiting the old battle is a defeat that keeps its stake. */
const ALREADY_IN_BATTLE_TEXT = `You are already in a battle. Forfeiting it counts as a defeat: its ${formatNumber(BATTLE_STAKE)}-coin stake is lost.`;

/** The lobby's coin figure: counts down when the stake (or a purchase) is taken. */
function LobbyCoins({ coins }: { coins: number }) {
  const figure = useCountedNumber<HTMLSpanElement>(coins);
  return <span ref={figure} data-testid="arena-coins" className="tabular-nums" />;
}

function Matchmaking({ onCancel }: { onCancel: () => void }) {
  const queue = useArena((s) => s.queue);
  const startedAt = useArena((s) => s.searchStartedAt);
  const now = useNow(250);
  const hero = useCurrentUser().data;
  const avatar = hero?.avatars.find((a) => a.character_id === hero.avatar);
  const elapsed = Math.max(queue?.elapsed_seconds ?? 0, Math.floor((now - startedAt) / 1000));
  return (
    <div
      data-testid="matchmaking"
      className="flex h-full flex-col items-center justify-center px-6 text-center"
    >
      <div className="flex items-center gap-5">
        <div className="size-28 overflow-hidden rounded-[26px] bg-night-700 ring-4 ring-energy-400 shadow-[0_0_30px_rgb(77_217_255/0.45)]">
          {avatar && <img src={avatar.image} alt="" className="size-full object-cover object-top" />}
        </div>
        <span className="font-display text-[36px] text-gold-300 text-outline">VS</span>
        <div className="grid size-28 place-items-center rounded-[26px] bg-night-800 ring-4 ring-danger-500/70">
          <span className="font-display text-[64px] text-danger-400 text-outline animate-pulse">?</span>
        </div>
      </div>
      <p className="mt-8 font-display text-[24px] text-ink">
        {queue?.message ?? 'Searching for any opponent'}
      </p>
      <p
        className="mt-1 font-display text-[40px] tabular-nums text-gold-300"
        data-testid="matchmaking-elapsed"
      >
        {elapsed}s
      </p>
      {queue && queue.position > 0 && (
        <p className="text-[14px] text-muted">
          Position {queue.position} of {queue.queue_size} in the queue
        </p>
      )}
      <Button variant="danger" size="lg" className="mt-10 w-full max-w-[320px]" onClick={onCancel}>
        Cancel Matchmaking
      </Button>
    </div>
  );
}

/**
 * The Arena (/fight, spec-b §2): lobby with the selected hero, the start dialog, matchmaking,
 * the battle (intro, live arena) and the result flow. The server runs the battle; this screen
 * sends intents and shows what the server says.
 */
export function ArenaScreen() {
  const telegramUserId = getLaunchContext().player?.id ?? '';
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const inventory = useInventory(telegramUserId, { only_items: true });
  const select = useSelectCharacter(telegramUserId);
  const phase = useArena((s) => s.phase);
  const mode = useArena((s) => s.mode);
  const difficulty = useArena((s) => s.difficulty);
  const energyChoice = useArena((s) => s.energy);
  const items = useArena((s) => s.items);
  const message = useArena((s) => s.message);
  const already = useArena((s) => s.alreadyInBattle);
  const result = useArena((s) => s.result);
  const battle = useArena((s) => s.battle);
  const coins = useBalance((s) => s.coins);
  const energyState = useBalance((s) => s.energy);
  const maxEnergy = useBalance((s) => s.maxEnergy);
  const regen = useBalance((s) => s.regenPerSecond);
  const energy = Math.floor(energyAt({ energy: energyState, maxEnergy, regenPerSecond: regen }, Date.now()));
  const connection = useConnection((s) => s.status);
  const [dialog, setDialog] = useState<'start' | 'items' | 'character' | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);

  const avatar = user?.avatars.find((a) => a.character_id === user.avatar) ?? null;
  const ownedItems = inventory.data?.items ?? [];
  const equipped = items
    .map((id) => ownedItems.find((entry) => entry.item_id === id))
    .filter((entry) => entry !== undefined);

  const showLocal = useCallback((text: string) => {
    setLocalError(text);
    setTimeout(() => setLocalError(null), 3_000);
  }, []);

  const start = useCallback(
    (override: { mode?: 'pvp' | 'pve'; difficulty?: typeof difficulty; energy?: number } = {}) => {
      if (!user?.avatar) return showLocal('Please select a character first');
      if (coins < MIN_COINS_TO_BATTLE) return showLocal(NOT_ENOUGH_COINS);
      const sent = findMatch({
        telegramUserId,
        battleType: override.mode ?? mode,
        difficulty: override.difficulty ?? difficulty,
        energy: override.energy ?? energyChoice,
        characterId: user.avatar,
        items,
      });
      if (!sent) showLocal('Not connected. Please try again.');
    },
    [user?.avatar, coins, telegramUserId, mode, difficulty, energyChoice, items, showLocal],
  );

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
  // Shown before the player presses Start (spec-b §5's check, made visible): the stake is escrowed.
  const cannotPay = coins < MIN_COINS_TO_BATTLE ? NOT_ENOUGH_COINS : null;

  if (user && !avatar) {
    return (
      <EmptyState
        art="crossed-swords"
        title="No character selected!"
        action={<Button onClick={() => navigate(paths.home.getHref())}>Return Home</Button>}
      />
    );
  }

  return (
    <div className="relative flex h-full flex-col">
      {banner && (
        <p
          role="alert"
          className="absolute inset-x-3 top-2 z-50 rounded-2xl bg-danger-600/95 px-4 py-2.5 text-center text-[15px] font-bold text-white shadow-lg animate-slide-down"
        >
          {banner}
        </p>
      )}

      {phase === 'lobby' && (
        <div
          data-testid="arena-lobby"
          data-status={connection}
          className="flex h-full flex-col items-center px-5 pt-6 pb-4 text-center short:pt-3 short:pb-3"
        >
          <h1 className="font-display text-[30px] leading-none text-gold-300 text-outline">Arena</h1>
          <p className="mt-1 flex items-center gap-3 text-[14px] text-muted">
            <span className="flex items-center gap-1">
              <GameIcon name="coin" className="size-4" /> <LobbyCoins coins={coins} />
              <span className="sr-only">coins</span>
            </span>
            <span className="flex items-center gap-1">
              <GameIcon name="energy" className="size-4" /> {formatNumber(energy)}
              <span className="sr-only">energy</span>
            </span>
          </p>
          <p
            data-testid="arena-stake"
            className="mt-2 rounded-full bg-night-950/60 px-3 py-1 text-[13px] font-bold text-gold-200 ring-1 ring-gold-300/25"
          >
            {STAKE_LINE}
          </p>
          {/* The hero takes the height left over, so the stake, the reason and the buttons fit. */}
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
              <p className="relative text-[14px] text-muted tabular-nums">
                Level {avatar.level} · HP {avatar.health} · ATK {avatar.power} · DEF {avatar.defense}
              </p>
            )}
            {/* On a short screen the reason takes the slots' room: no battle to equip for yet. */}
            <div className={cx('relative mt-3 flex gap-2 short:mt-2', cannotPay && 'short:hidden')}>
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
          </div>
          <div className="mt-4 w-full max-w-[340px] space-y-3 short:mt-3 short:space-y-2">
            <Button
              block
              size="lg"
              disabled={cannotPay !== null}
              aria-describedby={cannotPay ? 'arena-entry-reason' : undefined}
              onClick={() => setDialog('start')}
            >
              Start Battle
            </Button>
            {cannotPay && (
              <div
                id="arena-entry-reason"
                data-testid="arena-entry-reason"
                className="rounded-2xl bg-danger-600/20 px-3 py-2 ring-1 ring-danger-400/40 short:py-1.5"
              >
                <p className="text-[14px] leading-snug font-bold text-danger-400 short:text-[13px]">
                  {cannotPay}
                </p>
                <div className="mt-2 grid grid-cols-2 gap-2 short:mt-1.5">
                  <Button block size="sm" variant="ghost" onClick={() => navigate(paths.home.getHref())}>
                    Tap on Home
                  </Button>
                  <Button block size="sm" variant="ghost" onClick={() => navigate(paths.tasks.getHref())}>
                    Quest Board
                  </Button>
                </div>
              </div>
            )}
            <div className="grid grid-cols-2 gap-3">
              {/* One line at every width (D-UI-5): the label may take some of the face's padding. */}
              <Button block variant="secondary" onClick={() => setDialog('character')}>
                <span className={ONE_LINE_LABEL}>Change Character</span>
              </Button>
              <Button block variant="secondary" onClick={() => setDialog('items')}>
                <span className={ONE_LINE_LABEL}>Select Items</span>
              </Button>
            </div>
          </div>
        </div>
      )}

      {phase === 'searching' && <Matchmaking onCancel={() => cancelMatchmaking()} />}

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
            // spec-b §9: a rematch is fixed at 10 energy and medium difficulty (PvP stays PvP).
            backToLobby();
            start({ difficulty: REMATCH_DIFFICULTY, energy: DEFAULT_BATTLE_ENERGY });
          }}
        />
      )}

      <StartBattleDialog
        open={dialog === 'start'}
        mode={mode}
        difficulty={difficulty}
        energy={energyChoice}
        availableEnergy={energy}
        blockedReason={cannotPay}
        onChange={(change) => setArenaChoice(change)}
        onCancel={() => setDialog(null)}
        onStart={() => {
          setDialog(null);
          start();
        }}
      />
      <SelectItemsModal
        open={dialog === 'items'}
        items={ownedItems}
        selected={items}
        onCancel={() => setDialog(null)}
        onConfirm={(picked) => {
          setArenaChoice({ items: picked });
          setDialog(null);
        }}
      />
      <SelectCharacterModal
        open={dialog === 'character'}
        avatars={user?.avatars ?? []}
        selectedId={user?.avatar ?? null}
        onCancel={() => setDialog(null)}
        onSelect={(characterId) => {
          select.mutate(characterId, {
            onSuccess: () => setDialog(null),
            onError: () => showLocal('Failed to select character'),
          });
        }}
      />
      <Dialog
        open={already !== null}
        title="Already in Battle!"
        onClose={() => arenaStore.setState({ alreadyInBattle: null })}
        actions={
          <>
            <Button block variant="danger" onClick={() => forfeitActive(() => start())}>
              Forfeit Match
            </Button>
            <Button block variant="ghost" onClick={() => arenaStore.setState({ alreadyInBattle: null })}>
              Cancel
            </Button>
          </>
        }
      >
        {ALREADY_IN_BATTLE_TEXT}
      </Dialog>
    </div>
  );
}
