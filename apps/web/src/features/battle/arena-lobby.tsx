import { BATTLE_COIN_REWARD, BATTLE_STAKE } from '@titans/shared/constants';
import type { OwnedAvatar } from '@titans/shared/user/schemas';
import { Button } from '../../components/ui/button.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { paths } from '../../config/paths.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useConnection } from '../../lib/realtime/connection-store.ts';
import { useNavigate } from '../../lib/router/router.tsx';
import { useCountedNumber } from '../../lib/use-counted-number.ts';
import { LobbyHero } from './lobby-hero.tsx';
import { PRACTICE_LINE } from './practice.tsx';

const ONE_LINE_LABEL = '-mx-2 block whitespace-nowrap text-[15px] max-[399px]:text-[13px]';

/**
 * The stake rule in one line (decisions D-BATTLE-13, D-WEB-37): the stake is taken at the start,
 * a victory returns it with the prize, a defeat (leaving included) keeps it.
 */
export const STAKE_LINE = () =>
  t('arenaLobby.stakeLine', { stake: formatNumber(BATTLE_STAKE), prize: formatNumber(BATTLE_COIN_REWARD) });

/** The lobby's coin figure: counts down when the stake (or a purchase) is taken. */
function LobbyCoins({ coins }: { coins: number }) {
  const figure = useCountedNumber<HTMLSpanElement>(coins);
  return <span ref={figure} data-testid="arena-coins" className="tabular-nums" />;
}

/** Why Start Battle is disabled (the spec's text) and the ways to earn the stake (D-WEB-37). */
function EntryReason({ reason }: { reason: string }) {
  const navigate = useNavigate();
  return (
    <div
      id="arena-entry-reason"
      data-testid="arena-entry-reason"
      className="rounded-2xl bg-danger-600/20 px-3 py-2 ring-1 ring-danger-400/40 short:py-1.5"
    >
      <p className="text-[14px] leading-snug font-bold text-danger-400 short:text-[13px]">{reason}</p>
      <div className="mt-2 grid grid-cols-2 gap-2 short:mt-1.5">
        <Button block size="sm" variant="ghost" onClick={() => navigate(paths.home.getHref())}>
          {t('arenaLobby.tapOnHome')}
        </Button>
        <Button block size="sm" variant="ghost" onClick={() => navigate(paths.tasks.getHref())}>
          {t('arenaLobby.questBoard')}
        </Button>
      </div>
    </div>
  );
}

/** Start lobby: the selected hero, the stake, Start Battle, Change Character, Select Items. */
export function ArenaLobby(props: {
  coins: number;
  energy: number;
  avatar: OwnedAvatar | null;
  /** Why the battle cannot start (the stake is missing), shown before the player presses Start. */
  cannotPay: string | null;
  /** Starts the practice fight, the first action while the account still has it (PF7); null when won. */
  onPractice: (() => void) | null;
  onOpen: (dialog: 'start' | 'items' | 'character') => void;
}) {
  const { cannotPay, onOpen, onPractice } = props;
  const connection = useConnection((s) => s.status);
  return (
    <div
      data-testid="arena-lobby"
      data-status={connection}
      className="flex h-full flex-col items-center px-5 pt-6 pb-4 text-center short:pt-3 short:pb-3"
    >
      <h1 className="font-display text-[30px] leading-none text-gold-300 text-outline">
        {t('arenaLobby.arena')}
      </h1>
      <p className="mt-1 flex items-center gap-3 text-[14px] text-muted">
        <span className="flex items-center gap-1">
          <GameIcon name="coin" className="size-4" /> <LobbyCoins coins={props.coins} />
          <span className="sr-only">{t('arenaLobby.coins')}</span>
        </span>
        <span className="flex items-center gap-1">
          <GameIcon name="energy" className="size-4" /> {formatNumber(props.energy)}
          <span className="sr-only">{t('arenaLobby.energy')}</span>
        </span>
      </p>
      <p
        data-testid="arena-stake"
        className="mt-2 rounded-full bg-night-950/60 px-3 py-1 text-[13px] font-bold text-gold-200 ring-1 ring-gold-300/25"
      >
        {onPractice ? PRACTICE_LINE() : STAKE_LINE()}
      </p>
      <LobbyHero avatar={props.avatar} compactSlots={cannotPay !== null} />
      <div className="mt-4 w-full max-w-[340px] space-y-3 short:mt-3 short:space-y-2">
        {onPractice && (
          <Button block size="lg" onClick={onPractice}>
            {t('arenaLobby.practiceFight')}
          </Button>
        )}
        {/* While the practice is offered, a Start Battle the player cannot pay for is left out. */}
        {(!onPractice || cannotPay === null) && (
          <Button
            block
            size="lg"
            variant={onPractice ? 'secondary' : undefined}
            disabled={cannotPay !== null}
            aria-describedby={cannotPay ? 'arena-entry-reason' : undefined}
            onClick={() => onOpen('start')}
          >
            {t('arenaLobby.startBattle')}
          </Button>
        )}
        {cannotPay && !onPractice && <EntryReason reason={cannotPay} />}
        <div className="grid grid-cols-2 gap-3">
          {/* One line at every width (D-UI-5): the label may take some of the face's padding. */}
          <Button block variant="secondary" onClick={() => onOpen('character')}>
            <span className={ONE_LINE_LABEL}>{t('arenaLobby.changeCharacter')}</span>
          </Button>
          <Button block variant="secondary" onClick={() => onOpen('items')}>
            <span className={ONE_LINE_LABEL}>{t('arenaLobby.selectItems')}</span>
          </Button>
        </div>
      </div>
    </div>
  );
}
