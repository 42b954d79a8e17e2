import { LOADING_BAR_CAP, LOADING_BAR_INTERVAL_MS, LOADING_BAR_STEP } from '@titans/shared/constants';
import { useEffect, useState } from 'react';

/**
 * Loading screen: the bar rises 5 points every 100 ms up to 95, then jumps to 100
 * when loading ends.
 */
export function useLoadingProgress(done: boolean): number {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => {
      setProgress((value) => {
        const next = Math.min(LOADING_BAR_CAP, value + LOADING_BAR_STEP);
        if (next >= LOADING_BAR_CAP) clearInterval(timer);
        return next;
      });
    }, LOADING_BAR_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [done]);
  return done ? 100 : progress;
}
