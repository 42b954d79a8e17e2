import { characterThumbPath } from '@titans/shared/characters/figure-path';
import { useState } from 'react';
import { EmojiArt, type EmojiName } from '../../components/ui/emoji-art.tsx';
import { paths } from '../../config/paths.ts';
import { cx } from '../../lib/cx.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { Link } from '../../lib/router/router.tsx';

interface NavEntry {
  label: string;
  href: string;
  art: EmojiName;
}

/** Navigation shell: five entries, Home in the middle. */
const LEFT: readonly NavEntry[] = [
  {
    get label() {
      return t('bottomNav.questBoard');
    },
    href: paths.tasks.getHref(),
    art: 'scroll',
  },
  {
    get label() {
      return t('bottomNav.invites');
    },
    href: paths.invite.getHref(),
    art: 'handshake',
  },
];
const RIGHT: readonly NavEntry[] = [
  {
    get label() {
      return t('bottomNav.arena');
    },
    href: paths.fight.getHref(),
    art: 'crossed-swords',
  },
  {
    get label() {
      return t('bottomNav.titansEmporium');
    },
    href: paths.marketplace.getHref(),
    art: 'shopping-bags',
  },
];

/**
 * The spec says "Tapping an entry does a full page load"; Titans navigates in the app instead
 * (no reload, no blank frame, works offline) and keeps what the reload gave: a fresh banner,
 * the page scrolled to the top (decisions: D-WEB-12).
 */
const onNavTap = () => haptics.selection();

function NavItem({ entry, active }: { entry: NavEntry; active: boolean }) {
  return (
    <Link
      to={entry.href}
      aria-current={active ? 'page' : undefined}
      onClick={onNavTap}
      className="group flex flex-1 flex-col items-center justify-start gap-0.5 pt-2"
    >
      <span className="relative grid size-10 place-items-center">
        {active && <span className="absolute inset-0 rounded-full bg-gold-300/30 blur-md" />}
        <EmojiArt
          name={entry.art}
          className={cx(
            'relative size-8 transition-transform duration-200 group-active:scale-90',
            active ? '-translate-y-0.5 scale-110' : 'opacity-75 saturate-[0.7]',
          )}
        />
      </span>
      <span
        className={cx(
          'max-w-[76px] text-center text-[10.5px] leading-[1.1] font-black tracking-[0.01em]',
          active ? 'text-gold-300' : 'text-muted',
        )}
      >
        {entry.label}
      </span>
    </Link>
  );
}

/**
 * The selected hero's card on the Home button: its small raster when the card is one of the
 * game's (characterThumbPath), the card itself for any other picture or if the raster fails.
 */
export function HeroThumb({ image }: { image: string }) {
  const [failedImage, setFailedImage] = useState<string | null>(null);
  const thumb = failedImage === image ? null : characterThumbPath(image);
  return (
    <img
      src={thumb ?? image}
      alt=""
      className="size-full scale-[1.15] object-cover"
      draggable={false}
      onError={thumb ? () => setFailedImage(image) : undefined}
    />
  );
}

/** The bottom navigation: Quest Board, Invites, Home (the selected hero), Arena, Titans Emporium. */
export function BottomNav({ pathname, heroImage }: { pathname: string; heroImage: string | null }) {
  const homeActive = pathname === paths.home.path;
  return (
    <nav aria-label={t('bottomNav.main')} className="relative z-10 shrink-0 px-2">
      <div className="panel flex h-[70px] items-stretch rounded-[26px] px-1">
        {LEFT.map((entry) => (
          <NavItem key={entry.href} entry={entry} active={pathname === entry.href} />
        ))}
        <div className="relative flex w-[78px] shrink-0 justify-center">
          <Link
            to={paths.home.getHref()}
            aria-label={t('bottomNav.home')}
            aria-current={homeActive ? 'page' : undefined}
            onClick={onNavTap}
            className="absolute -top-6 grid size-[70px] place-items-center rounded-full bg-[linear-gradient(180deg,#fff0a8,#ffb416_55%,#cc7c00)] p-[3px] shadow-[0_6px_0_#7a4100,0_10px_24px_rgb(255_170_0/0.45)] transition-transform active:translate-y-1"
          >
            <span className="relative grid size-full place-items-center overflow-hidden rounded-full bg-night-800">
              {heroImage ? <HeroThumb image={heroImage} /> : <EmojiArt name="castle" className="size-10" />}
            </span>
          </Link>
          <span
            className={cx(
              'absolute top-[50px] text-[10.5px] leading-[1.1] font-black',
              homeActive ? 'text-gold-300' : 'text-muted',
            )}
          >
            {t('bottomNav.home')}
          </span>
        </div>
        {RIGHT.map((entry) => (
          <NavItem key={entry.href} entry={entry} active={pathname === entry.href} />
        ))}
      </div>
    </nav>
  );
}
