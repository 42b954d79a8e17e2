import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { i18nMessages } from './build/i18n-messages.ts';
import { precompress } from './build/precompress.ts';

/**
 * The faces the first screen draws with (app/load-fonts.ts), their ASCII cores
 * (scripts/subset-fonts.ts): fetched with the script, not after it.
 */
const FIRST_SCREEN_FONTS = /^assets\/(?:lilita-one-400|nunito-wght)-normal-core-[\w-]+\.woff2$/;

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
 * Puts src/app/session/inline-boot.ts, bundled into one classic script, inline at the top of
 * index.html's head: it sends the registration as the page's first request (D-WEB-41). The
 * server allows it by its hash (apps/server/src/web/web-serving.ts reads index.html).
 */
function inlineBootScript(): Plugin {
  let code = '';
  return {
    name: 'titans:inline-boot',
    apply: 'build',
    async buildStart() {
      const output = await build({
        configFile: false,
        logLevel: 'silent',
        root: import.meta.dirname,
        build: {
          write: false,
          minify: true,
          lib: { entry: 'src/app/session/inline-boot.ts', formats: ['iife'], name: 'titansBoot' },
        },
      });
      const chunk = (Array.isArray(output) ? output : [output])
        .flatMap((result) => ('output' in result ? result.output : []))
        .find((file) => file.type === 'chunk');
      if (!chunk) throw new Error('inline-boot.ts built to no script');
      code = chunk.code.trim();
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/(<meta charset="UTF-8" \/>)/, `$1\n    <script>${code}</script>`),
    },
  };
}

/**
 * The modules the entry (src/main.tsx) and the app (src/start.tsx) import statically, worked out
 * once every module is parsed: the chunk groups below put each set into one file, so the first
 * load fetches three scripts instead of ten. Over HTTP/1.1 a browser opens six connections to a
 * host and each request costs a round trip on one of them (long on Slow 4G): ten scripts, the
 * stylesheet, four fonts and the splash's pictures took three round trips in a row (D-WEB-41).
 */
function firstLoadModules() {
  const entry = new Set<string>();
  const app = new Set<string>();
  const plugin: Plugin = {
    name: 'titans:first-load-modules',
    apply: 'build',
    buildEnd() {
      const closure = (root: string | undefined, into: Set<string>) => {
        const pending = root ? [root] : [];
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (into.has(id)) continue;
          into.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      const ids = [...this.getModuleIds()];
      closure(
        ids.find((id) => id.endsWith('/src/main.tsx')),
        entry,
      );
      closure(
        ids.find((id) => id.endsWith('/src/start.tsx')),
        app,
      );
    },
  };
  return {
    plugin,
    /** In the app's static graph and not the entry's (those stay in the entry's chunk). */
    inApp: (id: string) => app.has(id) && !entry.has(id),
  };
}
const firstLoad = firstLoadModules();

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
        const app = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('/src/start.tsx')));
        if (!app) return [];
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported);
        };
        visit(app.fileName);
        // The zod schemas the first screen's answers are parsed with: asked for with the app, not
        // once the first answer is in (the codeSplitting group 'schemas' below).
        const schemas = chunks.find((chunk) => chunk.name === 'schemas');
        if (schemas) visit(schemas.fileName);
        const links = [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join('\n    ');
        // The entry is async: it opens the socket as soon as it and the socket chunk are in,
        // without waiting for the stylesheet, the parser or the splash's pictures (a deferred
        // module waited behind the splash logo's SVG document, a long main-thread task:
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
    i18nMessages(),
    react(),
    tailwindcss(),
    preloadFirstScreenFonts(),
    inlineBootScript(),
    firstLoad.plugin,
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
        // The first load is three scripts: the entry (main.tsx and socket.io), the app (what
        // start.tsx imports: React, TanStack Query, zustand, the Telegram SDK and the app's own
        // modules) and the schemas. Fewer requests over fewer round trips outweigh libraries kept
        // in chunks of their own across releases (D-WEB-41). The other libraries (TON Connect,
        // Adsgram…) stay in the chunks of the screens that import them (D-WEB-22).
        codeSplitting: {
          groups: [
            {
              // The schema a new device's first screen parses the registration's answer with
              // (lib/lazy-schema.ts), in zod/mini, the language schema it holds and the parts of
              // zod's core it runs on (left to a chunk of their own, the language schema and this
              // chunk imported each other and the first answer's parse threw):
              // fetched with the first load (index.html preloads this chunk), evaluated only when
              // the first answer is parsed (D-WEB-22, D-WEB-41, D-WEB-46).
              name: 'schemas',
              test: /node_modules[\\/]zod[\\/](?:mini[\\/]|v4[\\/]mini[\\/]|v4[\\/]core[\\/](?!to-json-schema|json-schema))|packages[\\/]shared[\\/]src[\\/](?:user[\\/]answer-schemas|i18n[\\/](?:schemas|languages))\.ts$/,
              priority: 4,
              includeDependenciesRecursively: false,
            },
            {
              // zod's classic API and the other schemas the first script's calls import lazily
              // (the hero, the pending completion, the referrals): one chunk, fetched when they
              // are first asked for, after the first screen (D-WEB-46).
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|packages[\\/]shared[\\/]src[\\/](?:(?:user|referrals|quests|characters)[\\/]schemas|auth[\\/]telegram-user-id|input[\\/]safe-text)\.ts$/,
              priority: 3,
              includeDependenciesRecursively: false,
            },
            // Everything the app's first screen runs (start.tsx and what it imports): one chunk.
            {
              name: 'app',
              test: (id) => firstLoad.inApp(id),
              priority: 2,
              // What the entry imports stays in the entry's chunk, and the app imports it from there.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
