import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config/config.ts';
import { envelope } from '../http/envelope-kind.ts';

/** Vite fingerprints every file under assets/: its name changes whenever its bytes do. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** The entry points of a release (index.html, the service worker, the manifest): always revalidated. */
export const REVALIDATE_CACHE = 'no-cache';
/** Art and other public files keep their names across releases: a day fresh, then revalidated in the background. */
export const PUBLIC_FILE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

/** Files at the root of the build that name the current release and must never be served stale. */
const RELEASE_ENTRY_FILES = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest']);
/** What the build precompresses (apps/web/vite.config.ts): only these can have a .br/.gz sibling. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|map)$/;

/** Cache-Control of a file of the built web app, by its path relative to the build folder. */
export function cacheControlFor(relativePath: string): string {
  const normalized = relativePath.split(path.sep).join('/');
  if (normalized.startsWith('assets/')) return IMMUTABLE_CACHE;
  if (RELEASE_ENTRY_FILES.has(normalized) || /^workbox-[\w-]+\.js$/.test(normalized)) {
    return REVALIDATE_CACHE;
  }
  return PUBLIC_FILE_CACHE;
}

/**
 * The Content Security Policy of a Telegram Mini App. Telegram Web opens the app in an iframe
 * (so framing by Telegram's origins is allowed and X-Frame-Options is not sent); the mobile
 * clients use a web view. Scripts come from this origin and telegram.org (its WebApp script and
 * widgets); Telegram's own pages may be framed (login, payments). Pictures may come from
 * Telegram's CDN (profile photos) or any https ad creative; everything else stays on this origin.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // Telegram's WebApp script, and Adsgram's rewarded-ad SDK (Play & Earn, D-QUEST-6).
  scriptSrc: ["'self'", 'https://telegram.org', 'https://sad.adsgram.ai'],
  // The inline splash in index.html and React's style attributes.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  // TON Connect reaches wallet bridges and the wallets list, and rewarded ads their network, over
  // https and wss; no plain-http connection is allowed.
  connectSrc: ["'self'", 'https:', 'wss:'],
  frameSrc: [
    "'self'",
    'https://telegram.org',
    'https://*.telegram.org',
    'https://t.me',
    'https://*.adsgram.ai',
  ],
  frameAncestors: ["'self'", 'https://web.telegram.org', 'https://*.telegram.org', 'https://t.me'],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  // Only behind https (PUBLIC_URL); on a plain-http development server it would break every request.
  upgradeInsecureRequests: null as null | [],
};

/**
 * The inline scripts of the built index.html as CSP sources ('sha256-…'). The build puts one
 * there, which sends the registration as the page's first request (apps/web/vite.config.ts,
 * decisions D-WEB-41); only these exact scripts may run inline. None without a build.
 */
export function inlineScriptSources(webDistDir: string): string[] {
  let html: string;
  try {
    html = fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

/** What helmet is asked for: the CSP above, nosniff, a strict referrer policy, HSTS behind https. */
function helmetOptions(https: boolean, inlineScripts: string[]): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CONTENT_SECURITY_POLICY,
        scriptSrc: [...CONTENT_SECURITY_POLICY.scriptSrc, ...inlineScripts],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    // Telegram Web frames the app: frame-ancestors above decides who may, not X-Frame-Options.
    xFrameOptions: false,
    // Telegram's links and payment pages open in new windows that may talk back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: false } : false,
  };
}

/**
 * The headers helmet writes for the options above, worked out once. None of them depends on the
 * request, and helmet parses and checks every directive again on each call, a share of
 * every REST answer's CPU (decisions D-WEB-36). `inlineScripts`: inlineScriptSources.
 */
export function securityHeaders(
  config: Pick<Config, 'publicUrl'>,
  inlineScripts: string[] = [],
): Record<string, string> {
  const https = config.publicUrl?.startsWith('https://') ?? false;
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(helmetOptions(https, inlineScripts))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
      done = true;
    },
  );
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * Security headers on every response, API and files alike. Registered before the routes.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'publicUrl' | 'webDistDir'>,
) {
  const headers = securityHeaders(config, inlineScriptSources(config.webDistDir));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * Uploaded pictures and the built web app, with the single-page app's routes falling back to
 * index.html. Files the build precompressed (.br, .gz) are sent to clients that accept them.
 */
export async function registerWebServing(
  app: FastifyInstance,
  config: Pick<Config, 'uploadsDir' | 'webDistDir' | 'uploadStore'>,
) {
  // Uploads in the database are served by uploads/upload-file-routes.ts (D-CLUSTER-20).
  if (config.uploadStore === 'disk') {
    fs.mkdirSync(config.uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: config.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
    });
  }

  const webDistDir = config.webDistDir;
  const hasWeb = fs.existsSync(path.join(webDistDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // @fastify/send would write its own Cache-Control after setHeaders; ours is the one that counts.
      cacheControl: false,
      setHeaders(res, filePath) {
        // filePath may be the .br or .gz sibling that is actually sent.
        const served = filePath.replace(/\.(?:br|gz)$/, '');
        res.setHeader('cache-control', cacheControlFor(path.relative(webDistDir, served)));
        if (COMPRESSIBLE.test(served)) res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname.startsWith('/v1/') || pathname === '/v1' || pathname.startsWith('/engine.io');
    const reads = request.method === 'GET' || request.method === 'HEAD';
    if (hasWeb && reads && !isApi && !path.extname(pathname)) {
      // Client-side routes (/, /tasks, /buddies/CODE…) all load the app; it redirects unknown paths
      // to /. HEAD answers as GET does, without the body (link checkers and previews ask it).
      return reply
        .header('cache-control', REVALIDATE_CACHE)
        .header('vary', 'accept-encoding')
        .sendFile('index.html', webDistDir);
    }
    return reply
      .status(404)
      .send(
        envelope('code', 404, null, `Route ${request.method} ${pathname} not found`, 'request/not-found'),
      );
  });
}
