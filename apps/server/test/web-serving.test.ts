import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inlineScriptSources, securityHeaders } from '../src/web/web-serving.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

/** A built web app in miniature: what `vite build` leaves in apps/web/dist, precompressed. */
function writeWebBuild(dir: string) {
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html><head><title>Titans</title></head><body>${'<div></div>'.repeat(200)}</body></html>`,
    'assets/index-Bx12ab3C.js': `export const answer = 42;\n${'console.log("titans");\n'.repeat(200)}`,
    'assets/index-Dd34ef5G.css': `body{color:red}\n${'.a{margin:0}\n'.repeat(200)}`,
    'sw.js': `self.addEventListener('fetch', () => {});\n${'// precache\n'.repeat(100)}`,
    'manifest.webmanifest': JSON.stringify({ name: 'Titans', start_url: '/' }),
    'art/ui/logo.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(200)}</svg>`,
  };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  }
  fs.writeFileSync(path.join(dir, 'background.webp'), Buffer.from('RIFF\0\0\0\0WEBPVP8 '));
  fs.writeFileSync(path.join(dir, 'assets/lilita-one-latin-400-normal-Ab12Cd34.woff2'), Buffer.from('wOF2'));
}

/** Raw response headers, without fetch's transparent decompression hiding content-encoding. */
async function head(t: TestApp, route: string, acceptEncoding?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: route,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

describe('W1 serving the web app: caching, compression and security headers', () => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-web-'));
    writeWebBuild(webDir);
    t = await startTestApp('pglite', { env: { WEB_DIST_DIR: webDir } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  test('W1 fingerprinted assets are cached for a year and immutable', async () => {
    for (const route of [
      '/assets/index-Bx12ab3C.js',
      '/assets/index-Dd34ef5G.css',
      '/assets/lilita-one-latin-400-normal-Ab12Cd34.woff2',
    ]) {
      const response = await head(t, route, 'br, gzip');
      expect(response.status, route).toBe(200);
      expect(response.headers['cache-control'], route).toBe('public, max-age=31536000, immutable');
    }
  });

  test('W1 index.html, the service worker and the manifest are revalidated on every load', async () => {
    for (const route of ['/', '/tasks', '/buddies/ABC', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      const response = await head(t, route, 'gzip');
      expect(response.status, route).toBe(200);
      expect(response.headers['cache-control'], route).toBe('no-cache');
    }
  });

  test('W1 other public files (art, background) are cached a day and revalidated in the background', async () => {
    const logo = await head(t, '/art/ui/logo.svg');
    expect(logo.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
    const background = await head(t, '/background.webp');
    expect(background.headers['content-type']).toBe('image/webp');
  });

  test('W2 text files go out precompressed: Brotli when accepted, else gzip, else plain', async () => {
    const script = fs.readFileSync(path.join(webDir, 'assets/index-Bx12ab3C.js'), 'utf8');
    const brotli = await head(t, '/assets/index-Bx12ab3C.js', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^(?:text|application)\/javascript; charset=utf-8$/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(script);
    expect(brotli.body.length).toBeLessThan(script.length / 4);

    const gzip = await head(t, '/assets/index-Bx12ab3C.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(script);

    const plain = await head(t, '/assets/index-Bx12ab3C.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);

    const page = await head(t, '/tasks', 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(zlib.brotliDecompressSync(page.body).toString()).toContain('<title>Titans</title>');
  });

  test('W3 every response says nosniff and carries a CSP that lets Telegram frame the app', async () => {
    for (const route of ['/', '/assets/index-Bx12ab3C.js', '/v1/health', '/v1/nothing-here']) {
      const response = await head(t, route, 'br');
      expect(response.headers['x-content-type-options'], route).toBe('nosniff');
      const csp = String(response.headers['content-security-policy']);
      expect(csp, route).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' https://telegram.org");
      expect(csp).toContain(
        "frame-ancestors 'self' https://web.telegram.org https://*.telegram.org https://t.me",
      );
      expect(csp).toContain('frame-src');
      expect(csp).toContain("object-src 'none'");
      // Telegram Web shows the app in an iframe: X-Frame-Options would forbid it.
      expect(response.headers['x-frame-options'], route).toBeUndefined();
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  test('W1 a HEAD of a client route answers as its GET does, without a body', async () => {
    for (const route of ['/fight', '/buddies/ABC']) {
      const response = await t.app.inject({ method: 'HEAD', url: route });
      expect(response.statusCode, route).toBe(200);
      expect(response.headers['content-type'], route).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], route).toBe('no-cache');
      expect(response.rawPayload.length, route).toBe(0);
    }
    const api = await t.app.inject({ method: 'HEAD', url: '/v1/nowhere' });
    expect(api.statusCode).toBe(404);
  });

  test('W1 an unknown file is a JSON 404, not the app', async () => {
    const response = await head(t, '/assets/missing-123.js');
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString())).toMatchObject({ code: 404 });
  });
});

describe('W3 the security headers, worked out once', () => {
  test('W3 behind https they add HSTS and upgrade-insecure-requests; on plain http neither', () => {
    const secure = securityHeaders({ publicUrl: 'https://titans.example' });
    expect(secure['strict-transport-security']).toBe('max-age=31536000');
    expect(secure['content-security-policy']).toContain('upgrade-insecure-requests');
    const plain = securityHeaders({ publicUrl: 'http://localhost:3000' });
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(plain['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(securityHeaders({ publicUrl: undefined })).toEqual(plain);
  });

  test("W3 the built index.html's inline script may run, by its hash, and no other inline script", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-inline-'));
    try {
      const boot = 'fetch("/v1/user/register",{method:"POST"})';
      fs.writeFileSync(
        path.join(dir, 'index.html'),
        `<head><script>${boot}</script><script type="module" src="/assets/a.js"></script></head>`,
      );
      const sources = inlineScriptSources(dir);
      const hash = crypto.createHash('sha256').update(boot).digest('base64');
      expect(sources).toEqual([`'sha256-${hash}'`]);
      const csp = securityHeaders({ publicUrl: undefined }, sources)['content-security-policy'];
      expect(csp).toContain(`script-src 'self' https://telegram.org https://sad.adsgram.ai 'sha256-${hash}'`);
      expect(csp?.split(';').find((directive) => directive.startsWith('script-src'))).not.toContain(
        'unsafe-inline',
      );
      // No build, no inline script.
      expect(inlineScriptSources(path.join(dir, 'missing'))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('W3 they are the ones helmet writes, with nothing that varies by request', () => {
    const headers = securityHeaders({ publicUrl: 'https://titans.example' });
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'cross-origin-resource-policy': 'same-site',
      'origin-agent-cluster': '?1',
    });
    expect(headers['x-frame-options']).toBeUndefined();
    expect(headers['content-security-policy']).not.toMatch(/nonce-/);
    // The same input gives the same headers: nothing in them is per request.
    expect(securityHeaders({ publicUrl: 'https://titans.example' })).toEqual(headers);
  });
});
