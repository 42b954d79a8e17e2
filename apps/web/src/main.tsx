import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initApp } from './app/init.ts';
import { loadFonts } from './app/load-fonts.ts';
import { capturePendingReferralCode } from './features/referrals/pending-referral-code.ts';
import { getLaunchContext } from './lib/telegram/launch-context.ts';
import './index.css';

async function start() {
  await Promise.all([initApp(), loadFonts()]);
  // spec-a §4: a code from /buddies/{code}, ?ref= or the start parameter waits for registration.
  capturePendingReferralCode(window.location, getLaunchContext().startParam);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
