import { useEffect } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useNow } from '../../lib/use-now.ts';
import { useCurrentUser } from '../users/api/get-user.ts';
import { cancelMatchmaking } from './api/battle-commands.ts';
import { botOfferShown } from './arena-state.ts';
import { arenaStore, dispatchArena, useArena } from './arena-store.ts';
import { difficultyName } from './difficulty-name.ts';

/** Search screens on the page now: a remount (React's StrictMode) is not a departure. */
let searchScreens = 0;

/**
 * Leaving the Arena ends the search (F50, D-BATTLE-21): the search screen gone while the search
 * still runs (another route), or the app hidden, sends cancelMatchmaking, which in a ready check
 * declines it. Nobody is matched, or charged, while away; the server does the same when the
 * socket goes.
 */
function useLeaveEndsSearch() {
  useEffect(() => {
    searchScreens++;
    const searching = () => arenaStore.getState().phase === 'searching';
    const onVisibility = () => {
      if (document.visibilityState === 'hidden' && searching()) cancelMatchmaking();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      searchScreens--;
      document.removeEventListener('visibilitychange', onVisibility);
      setTimeout(() => {
        if (searchScreens === 0 && searching()) cancelMatchmaking();
      }, 0);
    };
  }, []);
}

/**
 * No opponent after 30 s (decisions D-BATTLE-7): the player chooses. A bot battle starts only on
 * "Fight a bot instead"; "Keep searching" hides the offer for another 30 s and the search goes on
 * on this screen, since leaving the Arena ends it (D-BATTLE-21). An expected outcome, so a card in
 * the search screen, not the red error banner.
 */
function BotOffer({ onFightBot }: { onFightBot: () => void }) {
  const difficulty = useArena((s) => s.difficulty);
  return (
    <div
      data-testid="bot-offer"
      className="mt-4 w-full max-w-[340px] rounded-2xl bg-night-800/90 p-4 ring-1 ring-gold-300/30 animate-pop-in short:mt-3 short:p-3"
    >
      <p className="font-display text-[19px] text-gold-200">{t('matchmakingScreen.noOpponentFound')}</p>
      <p className="mt-1 text-[14px] leading-snug text-muted">
        {t('matchmakingScreen.fightTheBotFor', { value0: difficultyName(difficulty) })}
      </p>
      <div className="mt-3 space-y-2">
        <Button block onClick={onFightBot}>
          {t('matchmakingScreen.fightABotInstead')}
        </Button>
        <Button block variant="secondary" onClick={() => dispatchArena({ event: 'keepSearching' })}>
          {t('matchmakingScreen.keepSearching')}
        </Button>
      </div>
    </div>
  );
}

/** Matchmaking lobby: VS and a question mark, the elapsed seconds, Cancel Matchmaking. */
export function MatchmakingScreen({
  onCancel,
  onFightBot,
}: {
  onCancel: () => void;
  onFightBot: () => void;
}) {
  useLeaveEndsSearch();
  const queue = useArena((s) => s.queue);
  const startedAt = useArena((s) => s.searchStartedAt);
  const now = useNow(250);
  const offer = useArena((s) => botOfferShown(s, now));
  const hero = useCurrentUser().data;
  const avatar = hero?.avatars.find((a) => a.character_id === hero.avatar);
  const elapsed = Math.max(queue?.elapsed_seconds ?? 0, Math.floor((now - startedAt) / 1000));
  return (
    <div
      data-testid="matchmaking"
      className="flex min-h-full flex-col items-center justify-center px-6 py-4 text-center"
    >
      {/* While the bot is offered the fighters step aside for the choice (it fits a 320×568 phone). */}
      {!offer && (
        <div className="mb-8 flex items-center gap-5 short:mb-4">
          <div className="size-28 overflow-hidden rounded-[26px] bg-night-700 ring-4 ring-energy-400 shadow-[0_0_30px_rgb(77_217_255/0.45)] short:size-24">
            {avatar && <img src={avatar.image} alt="" className="size-full object-cover object-top" />}
          </div>
          <span className="font-display text-[36px] text-gold-300 text-outline">
            {t('matchmakingScreen.vs')}
          </span>
          <div className="grid size-28 place-items-center rounded-[26px] bg-night-800 ring-4 ring-danger-500/70 short:size-24">
            <span className="font-display text-[64px] text-danger-400 text-outline animate-pulse">?</span>
          </div>
        </div>
      )}
      <p className={cx('font-display text-[24px] text-ink', offer && 'short:text-[20px]')}>
        {t('matchmakingScreen.searchingForAnyOpponent')}
      </p>
      <p
        className={cx(
          'mt-1 font-display text-[40px] tabular-nums text-gold-300',
          offer && 'short:text-[28px] short:leading-tight',
        )}
        data-testid="matchmaking-elapsed"
      >
        {t('matchmakingScreen.s', { elapsed })}
      </p>
      {queue && queue.position > 0 && (
        <p className={cx('text-[14px] text-muted', offer && 'short:hidden')}>
          {t('matchmakingScreen.positionOfInThe', { position: queue.position, queue_size: queue.queue_size })}
        </p>
      )}
      <p
        data-testid="matchmaking-stay"
        className={cx('mt-1 text-[13px] text-muted/80', offer && 'short:hidden')}
      >
        {t('matchmakingScreen.stayInTheArena')}
      </p>
      {offer && <BotOffer onFightBot={onFightBot} />}
      <Button
        variant="danger"
        size="lg"
        className={offer ? 'mt-4 w-full max-w-[320px]' : 'mt-10 w-full max-w-[320px] short:mt-5'}
        onClick={onCancel}
      >
        {t('matchmakingScreen.cancelMatchmaking')}
      </Button>
    </div>
  );
}
