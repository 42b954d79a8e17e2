import { REFERRAL_BANNER_TOKENS } from '@titans/shared/constants';
import type { EmojiName } from '../../components/ui/emoji-art.tsx';
import { paths } from '../../config/paths.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';

/** One banner for the 50 px slot. `href` is an in-app path or an external https URL. */
export interface BannerAd {
  id: string;
  title: string;
  cta: string;
  href: string;
  art: EmojiName;
}

export interface BannerRequest {
  /** The route the banner shows on. */
  path: string;
  signal: AbortSignal;
}

/**
 * Where banners come from. An ad network's client implements this (its base URL in
 * configuration, like every external service); the app ships with house banners.
 */
export interface AdProvider {
  name: string;
  loadBanner(request: BannerRequest): Promise<BannerAd | null>;
}

// Each title fits the 320 px phone's banner whole, as the invite banner does (D-UI-3, D-UI-5).
const HOUSE_BANNERS: readonly BannerAd[] = [
  {
    id: 'house-invite',
    get title() {
      return t('adProvider.coinsPerFriend', { amount: formatNumber(REFERRAL_BANNER_TOKENS) });
    },
    get cta() {
      return t('adProvider.invite');
    },
    href: paths.invite.getHref(),
    art: 'wrapped-gift',
  },
  {
    id: 'house-quests',
    get title() {
      return t('adProvider.dailyQuestsPayCoins');
    },
    get cta() {
      return t('adProvider.play');
    },
    href: paths.tasks.getHref(),
    art: 'scroll',
  },
  {
    id: 'house-emporium',
    get title() {
      return t('adProvider.legendaryTitansAwait');
    },
    get cta() {
      return t('adProvider.shop');
    },
    href: paths.marketplace.getHref(),
    art: 'shopping-bags',
  },
];

/** Our own promotions, one after another on each route change; never a banner for the page it is on. */
export function createHouseBannerProvider(banners: readonly BannerAd[] = HOUSE_BANNERS): AdProvider {
  let next = 0;
  return {
    name: 'house',
    async loadBanner({ path }) {
      for (let tried = 0; tried < banners.length; tried++) {
        const banner = banners[next % banners.length];
        next++;
        if (!banner) continue;
        if (banner.href.split('?')[0] !== path) return banner;
      }
      return null;
    },
  };
}
