import { openBootSocket } from '../../lib/realtime/boot-socket.ts';
import { createClientId } from '../../lib/realtime/client-id.ts';
import { launchInitData } from '../../lib/telegram/launch-init-data.ts';
import { sendEarlyRegistration } from './early-registration.ts';

/**
 * index.html's inline script (vite.config.ts bundles this file into it): the registration leaves
 * as the page's first request and the game's socket opens (boot-socket.ts), while the parser is
 * still in the head, before the stylesheet, the scripts, the fonts and the splash's pictures are
 * asked for. Over HTTP/1.1 the browser has six connections to the server, and a request
 * asked for later waits for one behind those: from the entry script the registration left at
 * about 1.6 s of a cold load on Slow 4G and was answered at 3.4 s (D-WEB-41). The entry script
 * (main.tsx) then finds both started and starts neither again.
 */
const initData = launchInitData(window.location.hash);
openBootSocket(initData, createClientId(), window.location);
sendEarlyRegistration(initData, window.location);
