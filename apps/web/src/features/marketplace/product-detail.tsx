import { BOOSTER_DURATION_MS } from '@titans/shared/constants';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useFootRoom } from '../../components/layout/use-foot-room.ts';
import { Button } from '../../components/ui/button.tsx';
import { EmojiArt, type EmojiName } from '../../components/ui/emoji-art.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { RoundBackButton } from '../../components/ui/round-back-button.tsx';
import { SHORTFALL_LINK, ShortfallNote } from '../../components/ui/shortfall-note.tsx';
import { paths } from '../../config/paths.ts';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useBalance } from '../../lib/realtime/balance-store.ts';
import { Link } from '../../lib/router/router.tsx';
import { useCurrentUser } from '../users/api/get-user.ts';
import { EmporiumWallet } from './emporium-wallet.tsx';
import { PriceTag } from './price-tag.tsx';
import { effectLines, type Product } from './product.ts';
import { PurchaseDialogs } from './purchase-dialogs.tsx';
import { purchaseButtonLabel } from './purchase-texts.ts';
import { rarityStyle } from './rarity-style.ts';
import { LimitedBadge, ProductPicture } from './shop-card.tsx';
import { usePurchaseFlow } from './use-purchase-flow.ts';

const TYPE_LABELS: Record<Product['type'], string> = {
  get character() {
    return t('productDetail.character');
  },
  get weapon() {
    return t('productDetail.weapon');
  },
  get armour() {
    return t('productDetail.armour');
  },
  get shield() {
    return t('productDetail.shield');
  },
  get boost() {
    return t('productDetail.boost');
  },
  get background() {
    return t('productDetail.titansRealm');
  },
};

const EFFECT_ICONS: Record<string, ReactNode> = {
  energy_boost: <GameIcon name="energy" className="size-7" />,
  defense_boost: <EmojiArt name="shield" className="size-7" />,
  power_boost: <EmojiArt name="oncoming-fist" className="size-7" />,
};

function StatChip({ art, label, value }: { art: EmojiName | 'energy'; label: string; value: number }) {
  return (
    <div className="flex flex-col items-center rounded-2xl bg-night-950/55 px-1 py-2 ring-1 ring-white/10">
      {art === 'energy' ? (
        <GameIcon name="energy" className="size-6" />
      ) : (
        <EmojiArt name={art} className="size-6" />
      )}
      <span className="mt-1 font-display text-[17px] leading-none text-ink tabular-nums">
        {formatNumber(value)}
      </span>
      <span className="mt-0.5 text-[10px] font-black tracking-[0.14em] text-muted uppercase">{label}</span>
    </div>
  );
}

/**
 * The item detail page: back button, the picture large on its rarity glow, the
 * description, the effect lines (Energy Boost, Defense Boost, Power Boost) and the button
 * Purchase With Gold or Purchase With Stars, which opens Confirm Your Purchase.
 */
export function ProductDetail({ product, onBack }: { product: Product; onBack(): void }) {
  const style = rarityStyle(product.rarity);
  const flow = usePurchaseFlow(product);
  // A product opens at its top, whatever the list's scroll was: its name shows first (W19).
  const top = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    top.current?.closest('main')?.scrollTo({ top: 0, behavior: 'instant' });
  }, []);
  return (
    <section
      ref={top}
      aria-label={t('productDetail.details', { name: product.name })}
      className="px-4 pt-1 pb-6 animate-rise-in"
    >
      <div className="flex items-center gap-3">
        <RoundBackButton label={t('productDetail.backToTheEmporium')} onClick={onBack} />
        <p className="flex-1 truncate font-display text-[18px] text-gold">{t('productDetail.emporium')}</p>
        <EmporiumWallet />
      </div>
      {/*
        On short screens the name comes before the picture, so it stays above the price panel even
        when the panel grows with a shortfall note (W19).
      */}
      <div className="flex flex-col">
        <ProductShowcase product={product} style={style} />
        <div className="mt-4 text-center short:order-first short:mt-2 short:mb-1">
          <p className={cx('text-[12px] font-black tracking-[0.18em] uppercase', style.text)}>
            {TYPE_LABELS[product.type]}
            {product.character &&
              ` · ${product.character.race.charAt(0)}${product.character.race.slice(1).toLowerCase()}`}
          </p>
          <h1 className="mt-0.5 font-display text-[30px] leading-tight text-ink text-outline short:text-[26px]">
            {product.name}
          </h1>
        </div>
      </div>
      {product.description && (
        <p className="panel mt-3 rounded-2xl px-4 py-3 text-[15px] leading-snug text-ink/85">
          {product.description}
        </p>
      )}
      <ProductEffects product={product} />
      <CharacterStats product={product} />
      <PriceBar product={product} onPurchase={flow.open} />
      <PurchaseDialogs
        product={product}
        state={flow.state}
        onPay={flow.pay}
        onCancel={flow.cancel}
        onDone={flow.done}
      />
    </section>
  );
}

/** The picture large on its rarity glow and turning rays, with rarity, Limited and stock left. */
function ProductShowcase({ product, style }: { product: Product; style: ReturnType<typeof rarityStyle> }) {
  const soldOut = product.remaining === 0;
  return (
    <div
      className={cx(
        'relative mt-3 overflow-hidden rounded-[28px] ring-2 shadow-[0_16px_36px_rgb(0_0_0/0.45)]',
        style.ring,
        style.face,
      )}
    >
      <div aria-hidden className={cx('absolute inset-0', style.glow)} />
      <svg
        aria-hidden
        viewBox="0 0 200 200"
        className="absolute inset-0 size-full animate-spin-slower opacity-[0.18]"
      >
        {Array.from({ length: 12 }, (_, index) => (
          <path
            // biome-ignore lint/suspicious/noArrayIndexKey: rays are positions
            key={index}
            d="M100 100 L92 -40 L108 -40 Z"
            fill="white"
            transform={`rotate(${index * 30} 100 100)`}
          />
        ))}
      </svg>
      <div
        className={cx(
          'relative mx-auto grid w-full place-items-center',
          // Short screens get a flatter card, so the name shows above the price panel (D-UI-1).
          product.type === 'background'
            ? 'aspect-[16/10] short:aspect-[16/9] tiny:aspect-[5/2]'
            : 'aspect-[16/11] py-4 short:aspect-[16/9] short:py-2 tiny:aspect-[5/2]',
        )}
      >
        {product.type !== 'background' ? (
          <img
            src={product.image}
            alt=""
            draggable={false}
            className="aspect-square w-[62%] short:w-[42%] tiny:w-[34%] animate-float rounded-[22px] object-cover shadow-[0_18px_30px_rgb(0_0_0/0.55)] ring-2 ring-white/25"
          />
        ) : (
          <ProductPicture product={product} />
        )}
      </div>
      <div className="absolute top-3 start-3 flex gap-1.5">
        <span
          className={cx(
            'rounded-md px-2 py-0.5 text-[11px] font-black tracking-[0.12em] uppercase',
            style.chip,
          )}
        >
          {style.label}
        </span>
        {product.isLimited && <LimitedBadge className="px-2 py-0.5 text-[11px]" />}
      </div>
      {product.remaining !== null && (
        <span className="absolute top-3 end-3 rounded-md bg-night-950/80 px-2 py-0.5 text-[11px] font-black text-gold-200">
          {soldOut
            ? t('productDetail.soldOut')
            : t('productDetail.onlyLeft', { remaining: formatNumber(product.remaining) })}
        </span>
      )}
    </div>
  );
}

/** Energy, Defense and Power boosts, and how long a booster lasts. */
function ProductEffects({ product }: { product: Product }) {
  const lines = effectLines(product.effects);
  const minutes = Math.round(BOOSTER_DURATION_MS / 60_000);
  if (lines.length === 0) return null;
  return (
    <section className="mt-3 flex flex-col gap-2" aria-label={t('productDetail.effects')}>
      {lines.map((line) => (
        <div
          key={line.key}
          className="panel flex items-center gap-3 rounded-2xl px-4 py-2.5"
          data-testid="effect-line"
        >
          {EFFECT_ICONS[line.key]}
          <span className="flex-1 text-[15px] font-extrabold text-ink">{line.label}</span>
          <span className="font-display text-[20px] text-success-400">+{formatNumber(line.value)}</span>
        </div>
      ))}
      {product.type === 'boost' && (
        <p className="px-1 text-[13px] text-muted">{t('productDetail.activeForMinutesFrom', { minutes })}</p>
      )}
    </section>
  );
}

function CharacterStats({ product }: { product: Product }) {
  if (!product.character) return null;
  return (
    <section className="mt-3 grid grid-cols-5 gap-1.5" aria-label={t('productDetail.stats')}>
      <StatChip art="collision" label={t('productDetail.hp')} value={product.character.health} />
      <StatChip art="oncoming-fist" label={t('productDetail.atk')} value={product.character.power} />
      <StatChip art="shield" label={t('productDetail.def')} value={product.character.defense} />
      <StatChip art="high-voltage" label={t('productDetail.spd')} value={product.character.speed} />
      <StatChip art="money-bag" label={t('productDetail.tap')} value={product.character.tapValue} />
    </section>
  );
}

/** The price and the button, with what is missing said before the confirm step (D-UI-4). */
function PriceBar({ product, onPurchase }: { product: Product; onPurchase(): void }) {
  const priceBar = useFootRoom();
  const { data: user } = useCurrentUser();
  const liveCoins = useBalance((state) => (state.synced ? state.coins : null));
  const balance = product.currency === 'diamonds' ? (user?.gems ?? 0) : (liveCoins ?? user?.coins ?? 0);
  const affordable = balance >= product.price;
  const missing = affordable || product.owned || product.remaining === 0 ? 0 : product.price - balance;
  const inStars = product.currency === 'diamonds';
  const soldOut = product.remaining === 0;
  return (
    <>
      {/*
        The price and the button stay on screen at the foot of the scroll area, on a backdrop that
        hides what scrolls beneath them; the raised Home button stands on its lower part. A sticky
        box keeps clear of the scroll area's padding (pb-6 under the nav, app-layout.tsx): -bottom-6
        takes it down to the edge. Below the panel the backdrop is opaque: text scrolling beneath
        it showed through the 3 % of transparency it had. At the end of the page it rests in its
        place in the flow, above this section's pb-6 and the scroll area's: -mb-12 takes it over
        both, so no strip of the background shows between it and the nav.
      */}
      <div
        ref={priceBar}
        className="sticky -bottom-6 z-10 -mx-4 mt-4 -mb-12 bg-[linear-gradient(180deg,transparent,rgb(6_4_26/0.92)_28%,rgb(6_4_26)_56%)] px-4 pt-3 pb-9"
        data-testid="price-bar"
      >
        <div className="panel flex items-center gap-3 rounded-3xl bg-night-800/95 p-3 backdrop-blur">
          <div className="flex flex-col ps-1">
            <span className="text-[11px] font-black tracking-[0.16em] text-muted uppercase">
              {t('productDetail.price')}
            </span>
            <PriceTag
              price={product.price}
              currency={product.currency}
              className={cx('text-[22px]', affordable || product.owned ? 'text-gold-100' : 'text-danger-400')}
            />
          </div>
          <Button
            block
            variant={product.currency === 'diamonds' ? 'secondary' : 'primary'}
            className="flex-1"
            disabled={product.owned || soldOut || missing > 0}
            aria-describedby={missing > 0 ? 'purchase-shortfall' : undefined}
            onClick={onPurchase}
          >
            {product.owned
              ? t('productDetail.owned')
              : soldOut
                ? t('productDetail.soldOut')
                : purchaseButtonLabel(product)}
          </Button>
        </div>
        {missing > 0 && (
          <ShortfallNote
            id="purchase-shortfall"
            className="mt-2"
            currency={inStars ? 'Stars' : 'Coins'}
            missing={missing}
            action={
              <Link
                to={inStars ? paths.diamonds.getHref() : paths.tasks.getHref()}
                className={SHORTFALL_LINK}
              >
                {inStars ? t('productDetail.buyStars') : t('productDetail.earnCoins')}
              </Link>
            }
          />
        )}
      </div>
    </>
  );
}
