import { AD_SLOT_HEIGHT_PX } from '@titans/shared/constants';
import { useEffect, useState } from 'react';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { t } from '../../lib/i18n/i18n.ts';
import { Link } from '../../lib/router/router.tsx';
import type { BannerAd } from './ad-provider.ts';
import { useAdProvider } from './ad-provider-context.ts';

/**
 * The 50 px banner slot (spec-a §2). The shell mounts it again on every route change, so each
 * page asks the provider for a fresh banner. The slot keeps its height while a banner loads.
 */
export function AdSlot({ path }: { path: string }) {
  const provider = useAdProvider();
  const [banner, setBanner] = useState<BannerAd | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    provider
      .loadBanner({ path, signal: controller.signal })
      .then((loaded) => {
        if (!controller.signal.aborted) setBanner(loaded);
      })
      .catch((error: unknown) => console.warn(`[ads] ${provider.name} banner failed`, error));
    return () => controller.abort();
  }, [provider, path]);

  return (
    <aside
      aria-label={t('adSlot.advertisement')}
      className="shrink-0 px-3"
      style={{ height: AD_SLOT_HEIGHT_PX }}
    >
      {banner && <Banner banner={banner} />}
    </aside>
  );
}

function Banner({ banner }: { banner: BannerAd }) {
  const external = /^https?:\/\//.test(banner.href);
  const content = (
    <>
      <span className="relative grid size-9 shrink-0 place-items-center rounded-xl bg-night-950/50 ring-1 ring-white/10">
        <EmojiArt name={banner.art} className="size-7" />
        <span className="absolute -top-1 -start-1 rounded-[5px] bg-night-950 px-1 text-[8px] leading-[13px] font-black tracking-wider text-white/70 ring-1 ring-white/15">
          {t('adSlot.ad')}
        </span>
      </span>
      <span
        data-testid="ad-title"
        className="min-w-0 flex-1 truncate text-[13px] font-extrabold leading-tight text-ink"
      >
        {banner.title}
      </span>
      <span className="shrink-0 rounded-full bg-gold-300 px-3 py-1 font-display text-[13px] text-[#4a2300] shadow-[0_2px_0_#a85a00]">
        {banner.cta}
      </span>
    </>
  );
  const className =
    'relative flex h-[44px] items-center gap-2.5 overflow-hidden rounded-2xl bg-[linear-gradient(90deg,rgb(116_76_255/0.45),rgb(52_38_120/0.7))] px-2 pe-2.5 ring-1 ring-white/12 animate-fade-in';
  return external ? (
    <a href={banner.href} target="_blank" rel="noopener noreferrer" className={className}>
      {content}
    </a>
  ) : (
    <Link to={banner.href} className={className}>
      {content}
    </Link>
  );
}
