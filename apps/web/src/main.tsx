import { sendEarlyRegistration } from './app/session/early-registration.ts';
import { prepareFirstAnswerSchemas } from './app/session/early-schemas.ts';
import { applyStylesheets } from './app/stylesheets.ts';
import { openEarlySocket } from './lib/realtime/early-socket.ts';
import { launchInitData } from './lib/telegram/launch-init-data.ts';
import './index.css';

// The socket's handshake and registration start before the rest of the app is even evaluated
// (early-socket.ts, early-registration.ts; in a build index.html's inline script has sent the
// registration already, inline-boot.ts); the app itself is a chunk of its own, preloaded by
// index.html (vite.config.ts).
const initData = launchInitData(window.location.hash);
openEarlySocket(initData);
sendEarlyRegistration(initData, window.location);
// A new device's first screen waits for the registration's answer, parsed with zod: evaluated
// while the app chunk is still on its way (early-schemas.ts).
prepareFirstAnswerSchemas(initData);
// The stylesheet is only preloaded by index.html, so the splash paints without it (stylesheets.ts).
void applyStylesheets();
void import('./start.tsx');
