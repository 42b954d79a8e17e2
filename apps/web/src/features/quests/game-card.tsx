import type { GameEntry } from '@titans/shared/quests/schemas';
import { Button } from '../../components/ui/button.tsx';
import { t } from '../../lib/i18n/i18n.ts';
import { openExternalLink } from './open-external-link.ts';

/** One game of the feed: its picture, title, category and Play (Telegram's link API). */
export function GameCard({ game }: { game: GameEntry }) {
  return (
    <li className="panel overflow-hidden rounded-[22px] animate-rise-in" data-testid="game-card">
      <img
        src={game.thumb}
        alt=""
        loading="lazy"
        referrerPolicy="no-referrer"
        className="aspect-[16/10] w-full bg-night-950/60 object-cover"
      />
      <div className="p-2.5">
        <h3 className="truncate font-display text-[15px] leading-tight text-ink">{game.title}</h3>
        <p className="truncate text-[11px] font-extrabold tracking-wide text-muted uppercase">
          {game.category}
        </p>
        <Button
          size="sm"
          block
          variant="secondary"
          className="mt-2"
          aria-label={t('gameCard.play2', { title: game.title })}
          onClick={() => openExternalLink(game.url)}
        >
          {t('gameCard.play')}
        </Button>
      </div>
    </li>
  );
}

/** Previous (disabled on page 1) and Next (only after a full page), never while loading. */
export function GamesPager({
  page,
  canPrevious,
  canNext,
  onPage,
}: {
  page: number;
  canPrevious: boolean;
  canNext: boolean;
  onPage(page: number): void;
}) {
  return (
    <nav aria-label={t('gameCard.pages')} className="mt-1 flex items-center justify-between gap-3">
      <Button variant="ghost" size="sm" disabled={!canPrevious} onClick={() => onPage(Math.max(1, page - 1))}>
        {t('gameCard.previous')}
      </Button>
      <span className="text-[13px] font-black text-muted" data-testid="games-page">
        {t('gameCard.page', { page })}
      </span>
      <Button variant="ghost" size="sm" disabled={!canNext} onClick={() => onPage(page + 1)}>
        {t('gameCard.next')}
      </Button>
    </nav>
  );
}
