import { createContext, type ReactNode, useContext, useLayoutEffect } from 'react';

/** What a page may change in the shell around it. */
export interface LayoutOptions {
  hideTopBar?: boolean;
  hideNav?: boolean;
  /** The top bar shows, but its links do nothing (e.g. in the middle of a battle). */
  disableTopBarLinks?: boolean;
  /** Hides the banner ad, e.g. the Arena during matchmaking and battle. */
  hideAd?: boolean;
  /** Drawn over the bottom of the page, above the navigation. */
  footer?: ReactNode;
}

type SetLayoutOptions = (options: LayoutOptions) => void;

export const LayoutOptionsContext = createContext<SetLayoutOptions>(() => {});

/**
 * Sets the shell's options while the calling page is shown. It runs before paint, so a page
 * that hides the top bar never flashes it.
 */
export function useLayoutOptions(options: LayoutOptions): void {
  const setOptions = useContext(LayoutOptionsContext);
  const { hideTopBar, hideNav, disableTopBarLinks, hideAd, footer } = options;
  useLayoutEffect(() => {
    setOptions({ hideTopBar, hideNav, disableTopBarLinks, hideAd, footer });
    return () => setOptions({});
  }, [setOptions, hideTopBar, hideNav, disableTopBarLinks, hideAd, footer]);
}
