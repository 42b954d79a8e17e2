import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/precompress.ts';

/** The faces the first screen draws with (app/load-fonts.ts): fetched with the script, not after it. */
const FIRST_SCREEN_FONTS =
  /^assets\/(?:lilita-one-latin-400|nunito-latin-(?:600|800|900))-normal-[\w-]+\.woff2$/;

/** Adds <link rel="preload"> for the first screen's fonts, whose fingerprinted names only the build knows. */
function preloadFirstScreenFonts(): Plugin {
  return {
    name: 'titans:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const fonts = Object.keys(context.bundle ?? {}).filter((file) => FIRST_SCREEN_FONTS.test(file));
        return fonts.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * Adds <link rel="modulepreload"> for the app chunk main.tsx imports once the early socket is
 * open (src/start.tsx) and every chunk it imports: they download with the entry instead of after
 * it. Vite preloads only an entry's static imports by itself.
 */
function preloadAppChunk(): Plugin {
  return {
    name: 'titans:preload-app-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/start.tsx'));
        if (!app) return [];
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported);
        };
        visit(app.fileName);
        const links = [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join('\n    ');
        // The entry is async: it opens the socket as soon as it and the socket chunk are in,
        // without waiting for the stylesheet, the parser or the splash's pictures (a deferred
        // module waited behind the splash logo's SVG document, 240 ms of main thread at 4x CPU:
        // decisions D-WEB-33). start.tsx waits for the document before it renders.
        const asyncEntry = html.replace('<script type="module"', '<script type="module" async');
        // A slow link delivers what the page asks for roughly in order: the stylesheet, the
        // scripts, then the fonts. The stylesheet is only preloaded: as a stylesheet it would hold
        // the splash's first paint until it arrived (about 1 s on Slow 4G); the entry script
        // applies it and start.tsx renders once it has loaded (src/app/stylesheets.ts).
        const stylesheet = asyncEntry.match(/<link rel="stylesheet"[^>]*>\s*/)?.[0];
        if (!stylesheet) return asyncEntry.replace('</head>', `    ${links}\n  </head>`);
        const preload = stylesheet.trim().replace('rel="stylesheet"', 'rel="preload" as="style"');
        const reordered = asyncEntry.replace(stylesheet, `${links}\n    `);
        const entry = reordered.indexOf('<script type="module"');
        return `${reordered.slice(0, entry)}${preload}\n    ${reordered.slice(entry)}`;
      },
    },
  };
}

// The dev server proxies the API and the socket to the game server on port 3000.
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    preloadFirstScreenFonts(),
    preloadAppChunk(),
    // The service worker (Workbox): the shell, fonts and interface art are precached, so the app
    // opens and navigates offline; catalogue art and uploads are kept as they are seen.
    VitePWA({
      strategies: 'generateSW',
      injectRegister: null, // lib/service-worker.ts registers it once the game is on screen
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,woff2,svg,webp}', 'art/ui/*'],
        globIgnores: ['**/*.{br,gz}', 'art/{characters,items,packages,rewards,tasks,backgrounds}/**'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/v1(?:\/|$)/, /^\/engine\.io/, /^\/uploads\//, /^\/health$/],
        // Hashed files carry their version in their name: no cache-busting query needed.
        dontCacheBustURLsMatching: /^assets\//,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        maximumFileSizeToCacheInBytes: 1024 * 1024,
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && (url.pathname.startsWith('/art/') || url.pathname.startsWith('/uploads/')),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'titans-art', expiration: { maxEntries: 400 } },
          },
        ],
      },
    }),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/v1': 'http://127.0.0.1:3000',
      '/uploads': 'http://127.0.0.1:3000',
      '/engine.io': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The emoji rasters are small enough to be inlined as data: URLs, which would put every one
    // of them, base64, into the script; they stay files the browser fetches only when shown.
    assetsInlineLimit: (file) => (file.includes('/assets/emoji/webp/') ? false : undefined),
    rolldownOptions: {
      output: {
        // Libraries change less often than the game: their chunks stay cached across releases.
        // Only the libraries Home starts with are grouped; a group takes every module it matches,
        // lazy or not, so the others (TON Connect, Adsgram, zod…) are left to the chunks of the
        // screens that import them and are not fetched before Home (decisions: D-WEB-22).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](?:react|react-dom|scheduler)[\\/]/, priority: 3 },
            {
              name: 'telegram',
              test: /node_modules[\\/](?:@tma\.js|valibot|fp-ts|better-promises|error-kid|mitt)[\\/]/,
              priority: 2,
            },
            {
              // On its own: the entry script opens the socket with it before React arrives (D-WEB-23).
              name: 'socket',
              test: /node_modules[\\/](?:socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io)[\\/]/,
              priority: 2,
            },
            { name: 'vendor', test: /node_modules[\\/](?:@tanstack|zustand)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
