import { useState } from 'react';
import { cx } from '../../lib/cx.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { PriceTag } from './price-tag.tsx';
import type { Product } from './product.ts';
import { rarityStyle } from './rarity-style.ts';

/**
 * A catalogue picture covering its frame: every picture is a finished card or a realm's
 * landscape. spec-b §2: failed images fall back to a placeholder.
 */
export function ProductPicture({ product }: { product: Product }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className="absolute inset-0 grid place-items-center text-[28px] text-white/30" aria-hidden>
        ?
      </span>
    );
  }
  return (
    <img
      src={product.image}
      alt=""
      loading="lazy"
      draggable={false}
      onError={() => setFailed(true)}
      className="pointer-events-none absolute inset-0 size-full object-cover select-none"
    />
  );
}

/** The LIMITED ribbon (spec-b §2). */
export function LimitedBadge({ className }: { className?: string }) {
  return (
    <span
      className={cx(
        'rounded-md bg-[linear-gradient(180deg,#ff6b6b,#d61f4b)] px-1.5 py-[1px] text-[9px] font-black tracking-[0.12em] text-white shadow-[0_2px_0_#7a0f2b,0_0_10px_rgb(255_60_90/0.55)]',
        className,
      )}
    >
      {t('shopCard.limited')}
    </span>
  );
}

/**
 * One card of the Emporium's 3-column grid: the picture on its rarity glow, the rarity, LIMITED
 * where it applies, the name and the price with a gold coin or a star. Owned things say so.
 */
export function ShopCard({ product, onOpen }: { product: Product; onOpen(): void }) {
  const style = rarityStyle(product.rarity);
  const soldOut = product.remaining === 0;
  return (
    <button
      type="button"
      onClick={() => {
        haptics.selection();
        onOpen();
      }}
      aria-label={product.name}
      data-testid="shop-card"
      data-rarity={product.rarity}
      className={cx(
        'group relative flex flex-col overflow-hidden rounded-[18px] text-start ring-2 transition-transform active:scale-[0.96]',
        'shadow-[0_6px_14px_rgb(0_0_0/0.35),inset_0_1px_0_rgb(255_255_255/0.18)]',
        style.ring,
        style.face,
      )}
    >
      <span className="relative grid aspect-square w-full place-items-center overflow-hidden">
        <span aria-hidden className={cx('absolute inset-0', style.glow)} />
        <ProductPicture product={product} />
        {product.isLimited && <LimitedBadge className="absolute top-1.5 start-1.5" />}
        {product.owned && (
          <span className="absolute top-1.5 end-1.5 grid size-5 place-items-center rounded-full bg-success-500 text-[11px] font-black text-white shadow-[0_2px_0_#15803d]">
            ✓<span className="sr-only">{t('shopCard.owned')}</span>
          </span>
        )}
        {product.remaining !== null && product.remaining > 0 && (
          <span className="absolute end-1.5 bottom-1.5 rounded-md bg-night-950/80 px-1.5 text-[10px] font-black text-gold-200">
            {t('shopCard.left', { remaining: product.remaining })}
          </span>
        )}
      </span>
      <span className="flex flex-1 flex-col gap-0.5 px-2 pt-1.5 pb-2">
        <span className={cx('text-[9px] font-black tracking-[0.14em] uppercase', style.text)}>
          {style.label}
        </span>
        <span className="line-clamp-2 min-h-[2.3em] text-[12px] leading-[1.15] font-extrabold text-ink">
          {product.name}
        </span>
        <span
          className={cx(
            'mt-1 flex items-center justify-center rounded-full py-[3px] text-[13px] shadow-[inset_0_1px_0_rgb(255_255_255/0.15)]',
            product.owned || soldOut ? 'bg-white/10 text-muted' : 'bg-night-950/70 text-gold-100',
          )}
        >
          {product.owned ? (
            <span className="font-display text-[12px] tracking-wide">{t('shopCard.owned2')}</span>
          ) : soldOut ? (
            <span className="font-display text-[12px] tracking-wide">{t('shopCard.soldOut')}</span>
          ) : (
            <PriceTag price={product.price} currency={product.currency} />
          )}
        </span>
      </span>
    </button>
  );
}
