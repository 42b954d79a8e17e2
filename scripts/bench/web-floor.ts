/**
 * bench:web's floor: the same phone, network and launch opening a page with no app in it. The
 * page is the built index.html's splash (its inline style, background and logo) and a 1 KB script
 * that opens the game's socket as the app does (WebSocket to /engine.io, socket.io's CONNECT with
 * the player's init data) and notes when the server accepts it. A service worker keeps the page,
 * the script and the splash's pictures, as the app's does. Served by a server of its own from a
 * folder that holds only these files (WEB_DIST_DIR), it tells what the machine and the emulated
 * network cost before any of the app's code runs: the baseline the app's figures are read against.
 */
import fs from 'node:fs';
import path from 'node:path';

/** What the floor's script logs once the server has accepted its socket. */
export const FLOOR_LIVE_MESSAGE = 'titans-floor:live';

const FLOOR_SCRIPT = `(() => {
  const initData = new URLSearchParams(location.hash.slice(1)).get('tgWebAppData');
  const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
  const socket = new WebSocket(scheme + location.host + '/engine.io/?EIO=4&transport=websocket');
  socket.onmessage = (event) => {
    const packet = String(event.data);
    // engine.io: 0 = open, 2 = ping; socket.io over it: 40 = CONNECT (with auth) and its answer.
    if (packet.startsWith('0')) {
      socket.send('40' + JSON.stringify({ initData, clientId: 'floor-' + Math.random().toString(36).slice(2) }));
    } else if (packet.startsWith('40') && window.__floorLiveAt === undefined) {
      window.__floorLiveAt = performance.now();
      console.debug(${JSON.stringify(FLOOR_LIVE_MESSAGE)});
    } else if (packet.startsWith('44')) console.error('titans-floor: the server refused the socket ' + packet);
    else if (packet === '2') socket.send('3');
  };
  navigator.serviceWorker?.register('/sw.js');
})();
`;

const FLOOR_SERVICE_WORKER = `const FILES = ['/', '/floor.js', '/background-splash.webp', '/art/ui/logo.svg'];
self.addEventListener('install', (event) => {
  self.skipWaiting();
  event.waitUntil(caches.open('floor').then((cache) => cache.addAll(FILES)));
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  const key = event.request.mode === 'navigate' ? '/' : url.pathname;
  if (url.origin === location.origin && FILES.includes(key)) event.respondWith(caches.match(key));
});
`;

/**
 * Writes the floor's site into `dir` from the built app in `webDist`: index.html keeps the app's
 * head and splash but loads only floor.js.
 */
export function writeFloorSite(dir: string, webDist: string): void {
  const appIndex = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const page = appIndex
    .replace(/\s*<link rel="(?:modulepreload|preload|stylesheet)"[^>]*>/g, '')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace('</head>', '    <script async src="/floor.js"></script>\n  </head>');
  if (!page.includes('id="splash"')) throw new Error('index.html has no splash to copy');
  fs.mkdirSync(path.join(dir, 'art/ui'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), page);
  fs.writeFileSync(path.join(dir, 'floor.js'), FLOOR_SCRIPT);
  fs.writeFileSync(path.join(dir, 'sw.js'), FLOOR_SERVICE_WORKER);
  for (const file of ['background-splash.webp', 'art/ui/logo.svg', 'favicon.svg']) {
    fs.copyFileSync(path.join(webDist, file), path.join(dir, file));
  }
}
