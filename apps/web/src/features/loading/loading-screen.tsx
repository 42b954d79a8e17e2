import { DEFAULT_BACKGROUND_PICTURE } from '@titans/shared/constants';
import { useState } from 'react';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { SoftDefaultPicture, usePictureLoaded } from '../../components/ui/scene-backdrop.tsx';
import { backgroundPicture } from '../../lib/background-picture.ts';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useLoadingProgress } from './use-loading-progress.ts';

export interface LoadingScreenProps {
  /** Loading ended: the bar shows 100. */
  done: boolean;
  /** The player's cached background picture; the default shows if it is missing or fails. */
  backgroundUrl: string | null;
  /** Fading away over the screen that replaces it. */
  leaving?: boolean;
}

/** Loading screen: the logo, the product title and a progress bar over the background. */
export function LoadingScreen({ done, backgroundUrl, leaving = false }: LoadingScreenProps) {
  const progress = useLoadingProgress(done);
  const [background, setBackground] = useState(() => backgroundPicture(backgroundUrl));
  const [logoFailed, setLogoFailed] = useState(false);
  const full = usePictureLoaded(background);

  return (
    <div
      data-testid="loading-screen"
      aria-busy={!done}
      className={cx(
        'fixed inset-0 z-40 flex flex-col items-center overflow-hidden bg-night-950',
        leaving && 'pointer-events-none animate-fade-out [animation-delay:380ms]',
      )}
    >
      <SoftDefaultPicture picture={background} loaded={full.loaded} className="opacity-80" />
      <img
        src={background}
        alt=""
        aria-hidden
        className="absolute inset-0 size-full object-cover opacity-80"
        onLoad={full.onLoad}
        onError={() => {
          if (background !== DEFAULT_BACKGROUND_PICTURE) setBackground(DEFAULT_BACKGROUND_PICTURE);
        }}
      />
      <div className="absolute inset-0 bg-[linear-gradient(180deg,rgb(6_4_26/0.55)_0%,rgb(6_4_26/0.15)_35%,rgb(6_4_26/0.35)_60%,rgb(6_4_26/0.95)_100%)]" />

      <div className="relative flex flex-1 flex-col items-center justify-center px-8 pt-safe-top">
        <div className="relative grid place-items-center animate-pop-in">
          <div className="absolute size-64 rounded-full bg-[radial-gradient(circle,rgb(255_194_31/0.55),rgb(116_76_255/0.3)_50%,transparent_70%)] blur-xl animate-glow" />
          {!logoFailed && (
            <img
              src="/art/ui/logo.svg"
              alt={t('loadingScreen.titansLogo')}
              className="relative w-60 animate-float drop-shadow-[0_16px_24px_rgb(0_0_0/0.6)]"
              onError={() => setLogoFailed(true)}
            />
          )}
        </div>
        <h1 className="relative mt-4 font-display text-[56px] leading-none tracking-wide text-gold">
          {t('loadingScreen.titans')}
        </h1>
        <p className="relative mt-2 text-[14px] font-extrabold tracking-[0.3em] text-ink/70 uppercase">
          {t('loadingScreen.tapBattleConquer')}
        </p>
      </div>

      <div className="relative w-full max-w-[320px] px-8 pb-[calc(var(--spacing-safe-bottom)+56px)]">
        <div className="mb-2 flex items-baseline justify-between font-display text-ink text-outline">
          <span className={'text-[15px] tracking-wide'}>
            {done ? t('loadingScreen.ready') : t('loadingScreen.loading2')}
          </span>
          <span className="text-[18px] tabular-nums">{progress}%</span>
        </div>
        <ProgressBar value={progress} label={t('loadingScreen.loading')} className="h-5" />
      </div>
    </div>
  );
}
