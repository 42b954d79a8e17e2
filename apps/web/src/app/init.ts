import {
  backButton,
  init as initSdk,
  isTMA,
  miniApp,
  retrieveLaunchParams,
  retrieveRawInitData,
  swipeBehavior,
  themeParams,
  viewport,
} from '@tma.js/sdk-react';
import { launchContextFromInitData, setLaunchContext } from '../lib/telegram/launch-context.ts';

/** The game's night colour, given to Telegram for its header and bars so they blend in. */
const CHROME_COLOR = '#0d0a26';

function attempt(what: string, step: () => void) {
  try {
    step();
  } catch (error) {
    console.warn(`[init] ${what} failed`, error);
  }
}

/**
 * Runs once before the first render (spec: "The Telegram SDK is initialised once, before the
 * first render, in one file"). Outside Telegram it first installs the development mock, so
 * everything after reads launch data through the same SDK calls.
 */
export async function initApp(): Promise<void> {
  let insideTelegram = false;
  try {
    insideTelegram = await isTMA('complete');
  } catch {
    insideTelegram = false;
  }

  if (!insideTelegram) {
    try {
      // A separate chunk: a Telegram session never loads it.
      const { installMockEnvironment } = await import('./mock-env.ts');
      await installMockEnvironment();
    } catch (error) {
      console.error('[init] could not imitate Telegram outside it', error);
    }
  }

  attempt('SDK init', () => initSdk());
  attempt('back button', () => backButton.mount.ifAvailable());
  attempt('theme', () => {
    themeParams.mount.ifAvailable();
    // --tg-theme-* variables, read by the Tailwind theme in index.css.
    themeParams.bindCssVars.ifAvailable();
  });
  if (viewport.mount.isAvailable()) {
    viewport
      .mount()
      .then(() => {
        // --tg-viewport-* variables: height and (content) safe-area insets.
        viewport.bindCssVars.ifAvailable();
        viewport.expand.ifAvailable();
      })
      .catch((error: unknown) => console.warn('[init] viewport failed', error));
  }

  let rawInitData: string | undefined;
  let launchStartParam: string | undefined;
  try {
    rawInitData = retrieveRawInitData();
    launchStartParam = retrieveLaunchParams().tgWebAppStartParam;
  } catch {
    // No launch parameters: outside Telegram with the mock unavailable.
  }
  setLaunchContext(launchContextFromInitData(rawInitData, insideTelegram, launchStartParam));
  attempt('ready', () => miniApp.ready.ifAvailable());
}

/**
 * The Telegram client's chrome: its header and bar colours and vertical swipes. The page's first
 * frame draws none of it (the colours are the client's own), so start.tsx calls this once that
 * frame is painted, off the path to the tappable hero (decisions D-WEB-48).
 */
export function settleTelegramChrome(): void {
  attempt('mini app', () => {
    miniApp.mount.ifAvailable();
    miniApp.setHeaderColor.ifAvailable(CHROME_COLOR);
    miniApp.setBgColor.ifAvailable(CHROME_COLOR);
    miniApp.setBottomBarColor.ifAvailable(CHROME_COLOR);
  });
  attempt('swipe behaviour', () => {
    // A tap game is played with fast vertical movement: a swipe must not close it.
    swipeBehavior.mount.ifAvailable();
    swipeBehavior.disableVertical.ifAvailable();
  });
}
