import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initApp, settleTelegramChrome } from './app/init.ts';
import { loadFonts } from './app/load-fonts.ts';
import { bootSession } from './app/session/boot-session.ts';
import { applyStylesheets } from './app/stylesheets.ts';
import { capturePendingReferralCode } from './features/referrals/pending-referral-code.ts';
import { holdDecorations } from './lib/decorations.ts';
import { launchLanguage, showLanguage } from './lib/i18n/language.ts';
import { createQueryClient } from './lib/query-client.ts';
import { getLaunchContext } from './lib/telegram/launch-context.ts';

/**
 * The entry script is async (vite.config.ts): it may run, and import this chunk, before the
 * parser has reached #root.
 */
function documentParsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) =>
    document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }),
  );
}

/** How long the first render waits for a registration still on its way (D-WEB-42). */
const FIRST_ANSWER_WAIT_MS = 300;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Says when React has committed its first render (its effects run after that). */
function FirstCommit({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

/** The app: Telegram's SDK, registration and the socket (boot-session.ts), then React. */
async function start() {
  // The fonts' faces are declared by the stylesheet: they can be asked for once it is in.
  const styled = applyStylesheets().then(() => loadFonts());
  await initApp();
  // English is in this chunk; another language's catalogue is one more chunk, fetched meanwhile.
  const language = showLanguage(launchLanguage(getLaunchContext().rawInitData));
  // a code from /buddies/{code}, ?ref= or the start parameter waits for registration.
  capturePendingReferralCode(window.location, getLaunchContext().startParam);
  // Registration and the socket start now, while the fonts arrive and React renders.
  const queryClient = createQueryClient();
  const registered = bootSession(queryClient);
  await Promise.all([styled, documentParsed(), language]);
  // A new device: index.html's inline script sent the registration first thing, and on an empty
  // cache its answer is usually in before this chunk is. Waiting briefly for it lets the first
  // render be Home instead of the loading screen and then Home (one render and layout of the
  // first screen instead of two); the splash stays up meanwhile (decisions D-WEB-42).
  if (registered) await Promise.race([registered, delay(FIRST_ANSWER_WAIT_MS)]);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  // A task boundary: the socket's frames that arrived while the app was evaluated (the server's
  // answer to the boot socket's CONNECT, often) are handled now, so the first render shows the
  // game connected instead of waiting behind React's render and Home's first frame.
  await delay(0);
  let committed = () => {};
  const firstCommit = new Promise<void>((resolve) => {
    committed = resolve;
  });
  // Home's pictures wait for the first frame and the live socket (lib/decorations.ts), and so
  // does the Telegram client's chrome.
  holdDecorations(firstCommit);
  void firstCommit.then(() => requestAnimationFrame(() => setTimeout(settleTelegramChrome, 0)));
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
      <FirstCommit onCommit={committed} />
    </StrictMode>,
  );
}

void start();
