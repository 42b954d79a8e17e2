import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAPROXY, haproxyConfig } from '../../../scripts/cluster/haproxy-config.ts';
import { freePort } from './helpers/server-process.ts';

// D-CLUSTER-12, D-CLUSTER-13: the generated HAProxy configuration routes by player id (header or
// handshake query alike; the address without either) and stops sending to a process whose /health
// answers 503 (draining).
describe.runIf(fs.existsSync(HAPROXY))('npm run cluster: HAProxy in front of the processes', () => {
  const backends: { server: http.Server; healthy: boolean }[] = [];
  let haproxy: ChildProcess;
  let url = '';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-haproxy-test-'));

  beforeAll(async () => {
    const servers = [];
    for (const name of ['a', 'b']) {
      const backend = { server: http.createServer(), healthy: true };
      backend.server.on('request', (request, response) => {
        response.statusCode = request.url === '/health' && !backend.healthy ? 503 : 200;
        response.end(name);
      });
      const port = await freePort();
      await new Promise<void>((resolve) => backend.server.listen(port, '127.0.0.1', resolve));
      backends.push(backend);
      servers.push({ name, address: `127.0.0.1:${port}` });
    }
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const config = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(config, haproxyConfig({ bind: `127.0.0.1:${port}`, servers, tellServer: true }));
    haproxy = spawn(HAPROXY, ['-db', '-f', config], { stdio: 'ignore' });
    for (let attempt = 0; attempt < 100; attempt++) {
      if (
        await fetch(`${url}/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    haproxy?.kill('SIGTERM');
    for (const backend of backends) backend.server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const served = async (player: number, via: 'header' | 'query') => {
    const response =
      via === 'header'
        ? await fetch(`${url}/v1/characters`, { headers: { 'x-titans-player': String(player) } })
        : await fetch(`${url}/engine.io/?EIO=4&transport=polling&player=${player}`);
    await response.arrayBuffer();
    return response.headers.get('x-titans-server');
  };

  it('a player always reaches one process, by REST header and socket query alike; players spread over both', async () => {
    const seen = new Set<string | null>();
    for (let player = 1; player <= 40; player++) {
      const first = await served(player, 'header');
      expect(await served(player, 'header')).toBe(first);
      expect(await served(player, 'query')).toBe(first);
      seen.add(first);
    }
    expect([...seen].sort()).toEqual(['a', 'b']);
  });

  it('a socket or call without a player id is hashed on its address: every one reaches the same process', async () => {
    const seen = new Set<string | null>();
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await fetch(
        attempt % 2 ? `${url}/engine.io/?EIO=4&transport=polling` : `${url}/v1/characters`,
      );
      await response.arrayBuffer();
      seen.add(response.headers.get('x-titans-server'));
    }
    expect(seen.size).toBe(1);
  });

  it('a process answering /health 503 (draining) gets no new requests within ~2 s', async () => {
    backends[0]!.healthy = false;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (let player = 1; player <= 20; player++) expect(await served(player, 'header')).toBe('b');
    backends[0]!.healthy = true;
  }, 15_000);
});
