import { launchInitData, openEarlySocket } from './lib/realtime/early-socket.ts';
import './index.css';

// The socket's handshake starts before the rest of the app is even evaluated (early-socket.ts);
// the app itself is a chunk of its own, preloaded by index.html (vite.config.ts).
openEarlySocket(launchInitData(window.location.hash));
void import('./start.tsx');
