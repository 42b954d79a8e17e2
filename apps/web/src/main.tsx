import { sendEarlyRegistration } from './app/session/early-registration.ts';
import { launchInitData, openEarlySocket } from './lib/realtime/early-socket.ts';
import './index.css';

// The socket's handshake and registration start before the rest of the app is even evaluated
// (early-socket.ts, early-registration.ts); the app itself is a chunk of its own, preloaded by
// index.html (vite.config.ts).
const initData = launchInitData(window.location.hash);
openEarlySocket(initData);
sendEarlyRegistration(initData, window.location);
void import('./start.tsx');
