import { MARKETPLACE_CHARACTER_CAP } from '@titans/shared/constants';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { Tabs } from '../../components/tabs.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cx } from '../../lib/cx.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useHistoryIndex, useSearchParams } from '../../lib/router/router.tsx';
import { FIRST_CHARACTER_PAGE, useCharacters } from '../characters/api/get-characters.ts';
import { useMarketplaceItem } from './api/get-marketplace-item.ts';
import { useMarketplaceItems } from './api/get-marketplace-items.ts';
import { EmporiumWallet } from './emporium-wallet.tsx';
import { characterProduct, itemProduct, type Product } from './product.ts';
import { ProductDetail } from './product-detail.tsx';
import { ShopCard } from './shop-card.tsx';
import {
  RACE_FILTERS,
  type RaceFilterKey,
  SHOP_CATEGORIES,
  type ShopCategoryKey,
} from './shop-categories.ts';
import { useDebouncedSearch } from './use-debounced-search.ts';

/** spec-b §2 and §8: the Emporium's texts. */
export const EMPORIUM_TEXTS = {
  get title() {
    return t('marketplaceScreen.titansEmporium');
  },
  get search() {
    return t('marketplaceScreen.searchAnyItem');
  },
  get loading() {
    return t('marketplaceScreen.loadingItems');
  },
  get fetchFailed() {
    return t('marketplaceScreen.failedToFetchItems');
  },
  get searchFailed() {
    return t('marketplaceScreen.searchFailedPleaseTry');
  },
  get detailFailed() {
    return t('marketplaceScreen.couldNotFetchItem');
  },
  raceFailed: (race: string) => t('marketplaceScreen.failedToFetchCharacters', { race }),
} as const;

function Failure({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <EmptyState
      art="warning"
      title={message}
      action={
        <Button variant="secondary" block onClick={onRetry}>
          {t('marketplaceScreen.retry')}
        </Button>
      }
    />
  );
}

/**
 * Titans Emporium (/marketplace, spec-b §2): search, category tabs, the race filter for
 * characters, a 3-column grid of cards and the item detail page (`?item=` / `?character=`,
 * so Back returns to the grid). Free characters are hidden and at most 9 characters show.
 */
export function MarketplaceScreen() {
  const [params, setParams] = useSearchParams();
  const historyIndex = useHistoryIndex();
  const [category, setCategory] = useState<ShopCategoryKey>('characters');
  const [race, setRace] = useState<RaceFilterKey>('ALL');
  const [text, setText] = useState('');
  const term = useDebouncedSearch(text);

  const active = SHOP_CATEGORIES.find((entry) => entry.key === category) ?? SHOP_CATEGORIES[0];
  const showingCharacters = active.itemType === null;
  const characters = useCharacters(race === 'ALL' ? FIRST_CHARACTER_PAGE : { race });
  const items = useMarketplaceItems(
    { item_type: active.itemType ?? undefined, ...(term ? { name: term } : {}) },
    !showingCharacters,
  );
  const characterProducts = useMemo(() => {
    const needle = term.toLowerCase();
    return (characters.data?.characters ?? [])
      .filter((character) => !character.is_free)
      .filter((character) => needle === '' || character.name.toLowerCase().includes(needle))
      .slice(0, MARKETPLACE_CHARACTER_CAP)
      .map((character) => characterProduct(character));
  }, [characters.data, term]);
  const detail = useOpenProduct(params, items.data?.items, characters.data?.characters);

  const open = (product: Product) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set(product.kind, product.id);
      return next;
    });
  const back = () => {
    const index = historyIndex();
    if (index > 0) window.history.back();
    else setParams({}, { replace: true });
  };

  if (detail.opened) {
    if (detail.product)
      return <ProductDetail key={detail.product.id} product={detail.product} onBack={back} />;
    return <DetailMissing failed={detail.failed} onBack={back} />;
  }

  let grid: ReactNode;
  const reload = () => window.location.reload();
  if (showingCharacters) {
    if (characters.isError) {
      const label = RACE_FILTERS.find((entry) => entry.key === race)?.label ?? race;
      grid = (
        <Failure
          message={race === 'ALL' ? EMPORIUM_TEXTS.fetchFailed : EMPORIUM_TEXTS.raceFailed(label)}
          onRetry={reload}
        />
      );
    } else if (!characters.data) grid = <Loading />;
    else grid = <Grid products={characterProducts} onOpen={open} />;
  } else if (items.isError) {
    grid = (
      <Failure message={term ? EMPORIUM_TEXTS.searchFailed : EMPORIUM_TEXTS.fetchFailed} onRetry={reload} />
    );
  } else if (!items.data) grid = <Loading />;
  else grid = <Grid products={items.data.items.map(itemProduct)} onOpen={open} />;

  return (
    <section aria-label={EMPORIUM_TEXTS.title} className="px-4 pt-1 pb-6">
      <header className="relative flex flex-wrap items-center justify-between gap-x-2 gap-y-1.5">
        <div className="pointer-events-none absolute -top-4 start-6 h-20 w-48 rounded-full bg-gold-400/20 blur-3xl" />
        <h1 className="relative font-display text-[25px] leading-none whitespace-nowrap text-gold drop-shadow-[0_3px_0_rgb(120_50_0/0.6)]">
          {EMPORIUM_TEXTS.title}
        </h1>
        <EmporiumWallet />
      </header>
      <SearchBox text={text} onText={setText} />
      <CategoryTabs category={category} onCategory={setCategory} />
      {showingCharacters && <RaceChips race={race} onRace={setRace} />}
      <div className="mt-3">{grid}</div>
    </section>
  );
}

type ListedItem = NonNullable<ReturnType<typeof useMarketplaceItems>['data']>['items'][number];
type ListedCharacter = NonNullable<ReturnType<typeof useCharacters>['data']>['characters'][number];

/**
 * The detail page's product (`?item=` / `?character=`): an item from the list or its own call, a
 * character from the list or the catalogue's first page; `failed` once it cannot come.
 */
function useOpenProduct(
  params: URLSearchParams,
  listedItems: ListedItem[] | undefined,
  listedCharacters: ListedCharacter[] | undefined,
) {
  const openItemId = params.get('item');
  const openCharacterId = params.get('character');
  const listedItem = listedItems?.find((item) => item._id === openItemId);
  const detailItem = useMarketplaceItem(openItemId && !listedItem ? openItemId : null);
  const openCharacter = (listedCharacters ?? []).find((character) => character._id === openCharacterId);
  const catalogueCharacter = useCharacters(FIRST_CHARACTER_PAGE);
  const detailCharacter =
    openCharacter ??
    catalogueCharacter.data?.characters.find((character) => character._id === openCharacterId);
  const item = listedItem ?? detailItem.data;
  const product = openItemId
    ? item && itemProduct(item)
    : detailCharacter && characterProduct(detailCharacter);
  const failed = openItemId ? detailItem.isError : catalogueCharacter.isError || catalogueCharacter.isSuccess;
  return { opened: Boolean(openItemId || openCharacterId), product, failed };
}

/** The detail page while its product loads, or why it cannot show. */
function DetailMissing({ failed, onBack }: { failed: boolean; onBack(): void }) {
  return (
    <section className="px-4 pt-6">
      {failed ? (
        <EmptyState
          art="warning"
          title={EMPORIUM_TEXTS.detailFailed}
          action={
            <Button variant="ghost" block onClick={onBack}>
              {t('marketplaceScreen.back')}
            </Button>
          }
        />
      ) : (
        <Loading />
      )}
    </section>
  );
}

function SearchBox({ text, onText }: { text: string; onText(text: string): void }) {
  return (
    <label className="mt-3 flex items-center gap-2 rounded-2xl bg-night-950/60 px-3.5 py-2.5 ring-1 ring-white/12 focus-within:ring-gold-300/60">
      <svg viewBox="0 0 24 24" aria-hidden className="size-5 shrink-0 text-muted">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="m16.5 16.5 4 4" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <input
        type="search"
        value={text}
        onChange={(event) => onText(event.target.value)}
        placeholder={EMPORIUM_TEXTS.search}
        aria-label={t('marketplaceScreen.search')}
        className="min-w-0 flex-1 bg-transparent text-[16px] font-bold text-ink placeholder:text-faint focus:outline-none"
      />
    </label>
  );
}

function CategoryTabs({
  category,
  onCategory,
}: {
  category: ShopCategoryKey;
  onCategory(category: ShopCategoryKey): void;
}) {
  return (
    <Tabs
      label={t('marketplaceScreen.categories')}
      items={SHOP_CATEGORIES.map((entry) => ({
        value: entry.key,
        label: (
          <>
            <img src={entry.icon} alt="" className="size-7 rounded-full bg-night-950/40 object-cover" />
            {entry.label}
          </>
        ),
      }))}
      value={category}
      onChange={onCategory}
      className="no-scrollbar -mx-4 mt-3 flex gap-2 overflow-x-auto px-4 pb-1"
      tabClassName={(selected) =>
        cx(
          'flex shrink-0 items-center gap-1.5 rounded-full py-1 pe-3.5 ps-1 text-[14px] font-extrabold whitespace-nowrap transition-colors',
          selected
            ? 'bg-[linear-gradient(180deg,#fff0a8,#ffc21f_60%,#f59300)] text-[#4a2300] shadow-[0_3px_0_#a85a00]'
            : 'bg-white/[0.07] text-ink/80 ring-1 ring-white/10',
        )
      }
    />
  );
}

/** The race filter shown with the characters. */
function RaceChips({ race, onRace }: { race: RaceFilterKey; onRace(race: RaceFilterKey): void }) {
  return (
    <section
      aria-label={t('marketplaceScreen.race')}
      className="no-scrollbar -mx-4 mt-2 flex gap-1.5 overflow-x-auto px-4"
    >
      {RACE_FILTERS.map((entry) => {
        const selected = entry.key === race;
        return (
          <button
            key={entry.key}
            type="button"
            aria-pressed={selected}
            onClick={() => {
              haptics.selection();
              onRace(entry.key);
            }}
            className={cx(
              'shrink-0 rounded-xl px-3 py-1 text-[13px] font-black tracking-wide',
              selected ? 'bg-night-400 text-white ring-2 ring-gold-300/70' : 'bg-white/[0.06] text-muted',
            )}
          >
            {entry.label}
          </button>
        );
      })}
    </section>
  );
}

function Loading() {
  return (
    <div className="flex flex-col items-center gap-3 py-14" data-testid="emporium-loading">
      <Spinner className="size-10" label={EMPORIUM_TEXTS.loading} />
      <p className="font-display text-[17px] text-muted">{EMPORIUM_TEXTS.loading}</p>
    </div>
  );
}

function Grid({ products, onOpen }: { products: Product[]; onOpen(product: Product): void }) {
  if (products.length === 0) {
    return (
      <EmptyState
        art="shopping-bags"
        title={t('marketplaceScreen.nothingHereYet')}
        description={t('marketplaceScreen.tryAnotherSearchOr')}
      />
    );
  }
  return (
    <div className="grid grid-cols-3 gap-2.5" data-testid="shop-grid">
      {products.map((product) => (
        <ShopCard key={`${product.kind}:${product.id}`} product={product} onOpen={() => onOpen(product)} />
      ))}
    </div>
  );
}
