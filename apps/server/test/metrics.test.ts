import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diamondPackages, purchases } from '../src/db/schema.ts';
import { connectSocket } from './helpers/socket-client.ts';
import { grantCoins, readyPlayer, startTestApp, type TestApp } from './helpers/test-app.ts';

const TOKEN = 'metrics-token-for-the-test-0123';

// GET /metrics is what every benchmark reads (bench:taps, bench:leaderboard, bench:battles, the soak).
describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs the bearer token', async () => {
    const response = await fetch(`${t.url}/metrics`);
    expect(response.status).toBe(401);
    const wrong = await fetch(`${t.url}/metrics`, {
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.status).toBe(401);
  });

  it('answers the process, the sockets and the tap engine in one shape', async () => {
    const response = await fetch(`${t.url}/metrics?format=json&gc=1`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Record<string, any> };
    expect(data.pid).toBe(process.pid);
    expect(data.uptime).toBeGreaterThan(0);
    expect(data.memory.heapUsed).toBeGreaterThan(0);
    expect(data.cpu.user).toBeGreaterThan(0);
    expect(typeof data.gcAvailable).toBe('boolean');
    expect(data.sockets).toBe(0);
    expect(data.taps).toMatchObject({ tapEvents: 0, tapsAccepted: 0, flushes: 0 });
    expect(data.db.state).toBe('up');
    expect(data.storage).not.toBeNull();
  });
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses Prometheus' text exposition (the lines that are not comments). */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1]!] = pair[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

describe('GET /metrics for Prometheus', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { env: { METRICS_TOKEN: TOKEN, TAP_FLUSH_INTERVAL_MS: '50' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('OPS6 after a short session the game series are there with the values the session made', async () => {
    const id = 67_001;
    const userId = await readyPlayer(t, id);
    await grantCoins(t, userId, 10_000);
    const [pkg] = await t.database.db.select().from(diamondPackages).limit(1);
    await t.database.db.insert(purchases).values({
      userId,
      packageId: pkg!.id,
      method: 'stars',
      status: 'paid',
      orderRef: 'order-metrics-1',
      diamonds: pkg!.diamondAmount,
    });
    const socket = await connectSocket(t.url, t.initData(id), 'client-metrics-1');
    try {
      const ready = socket.next('statusUpdated');
      socket.emit('initUser', { telegram_user_id: String(id) });
      await ready;
      for (let seq = 1; seq <= 5; seq++) {
        socket.emit('tap', { telegram_user_id: id, count: 2, seq });
        await socket.next('tapRegistered', (payload) => payload.seq === seq);
      }
      socket.emit('tap', { telegram_user_id: id, count: 2, seq: 5 });
      await socket.next('tapRegistered', (payload) => payload.reason === 'duplicate');
      await socket.waitFor('coinsUpdated', (payload) => payload.confirmed_seq === 5 && payload.pending === 0);
      const bought = await t.call(id, 'POST', '/v1/purchase/item/ember-dagger', { user_id: String(id) });
      expect(bought.status).toBe(200);
      expect((await t.call(id, 'GET', `/v1/user/${id}`)).status).toBe(200);

      const response = await fetch(`${t.url}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}`, accept: 'text/plain;version=0.0.4;q=0.5,*/*;q=0.1' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const samples = parseExposition(await response.text());
      const value = (name: string, labels: Record<string, string> = {}) => {
        const found = samples.filter(
          (sample) =>
            sample.name === name &&
            Object.entries(labels).every(([key, wanted]) => sample.labels[key] === wanted),
        );
        expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeGreaterThan(0);
        return found.reduce((sum, sample) => sum + sample.value, 0);
      };

      const accepted = (socket.received.tapRegistered as Array<{ accepted: number }>).reduce(
        (sum, payload) => sum + payload.accepted,
        0,
      );
      expect(accepted).toBe(10);
      expect(value('process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(value('nodejs_heap_size_used_bytes')).toBeGreaterThan(1_000_000);
      expect(value('titans_tap_events_total')).toBe(6);
      expect(value('titans_taps_accepted_total')).toBe(accepted);
      expect(value('titans_taps_refused_total', { reason: 'energy' })).toBe(0);
      expect(value('titans_taps_refused_total', { reason: 'rate' })).toBe(0);
      expect(value('titans_tap_duplicate_batches_total')).toBe(1);
      expect(value('titans_tap_flush_rows_total')).toBeGreaterThanOrEqual(1);
      const flushes = value('titans_tap_flush_duration_seconds_count');
      expect(flushes).toBeGreaterThanOrEqual(1);
      expect(value('titans_tap_flush_duration_seconds_sum') / flushes).toBeLessThan(1);
      const confirmations = value('titans_tap_durable_confirmation_seconds_count');
      expect(confirmations).toBeGreaterThanOrEqual(1);
      const meanConfirmation = value('titans_tap_durable_confirmation_seconds_sum') / confirmations;
      expect(meanConfirmation).toBeGreaterThan(0);
      expect(meanConfirmation).toBeLessThan(5);
      expect(value('titans_socket_connections')).toBe(1);
      expect(value('titans_tap_players_in_memory')).toBe(1);
      expect(
        value('titans_http_request_duration_seconds_count', {
          method: 'POST',
          route: '/v1/purchase/item/:itemId',
          status: '2xx',
        }),
      ).toBe(1);
      expect(
        value('titans_http_request_duration_seconds_count', { method: 'GET', route: '/v1/user/:id' }),
      ).toBeGreaterThanOrEqual(1);
      expect(value('titans_balance_changes_total', { reason: 'shop:item:weapon', currency: 'coins' })).toBe(
        1,
      );
      expect(
        value('titans_balance_moved_total', {
          reason: 'shop:item:weapon',
          currency: 'coins',
          direction: 'debit',
        }),
      ).toBe(bought.body.data.price);
      expect(
        value('titans_balance_moved_total', { reason: 'test-grant', currency: 'coins', direction: 'credit' }),
      ).toBe(10_000);
      expect(value('titans_payments', { method: 'stars', status: 'paid' })).toBe(1);
      expect(value('titans_db_up')).toBe(1);
      expect(value('titans_db_pool_max')).toBe(1);
      expect(value('titans_pglite_wal_bytes')).toBe(t.database.storage()?.walBytes);
      expect(value('titans_battles_running')).toBe(0);
      expect(value('titans_matchmaking_queue_length')).toBe(0);
      expect(value('titans_battles_started_total')).toBe(0);
      expect(value('titans_ready_checks_total', { outcome: 'opened' })).toBe(0);
      expect(value('titans_ready_checks_total', { outcome: 'timed_out' })).toBe(0);
      expect(value('titans_socket_rate_limited_total')).toBe(0);
    } finally {
      socket.close();
    }
  });

  it('OPS6 the Grafana dashboard and the alert rules use only series the server exports', async () => {
    const response = await fetch(`${t.url}/metrics?format=prometheus`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const exported = new Set(parseExposition(await response.text()).map((sample) => sample.name));
    const repoRoot = path.resolve(import.meta.dirname, '../../..');
    const dashboard = JSON.parse(fs.readFileSync(path.join(repoRoot, 'ops/grafana/titans.json'), 'utf8'));
    const panelExprs: string[] = dashboard.panels.flatMap((panel: { targets?: Array<{ expr: string }> }) =>
      (panel.targets ?? []).map((target) => target.expr),
    );
    const alerts = fs.readFileSync(path.join(repoRoot, 'ops/prometheus/alerts.yml'), 'utf8');
    const used = new Set(
      [...panelExprs, alerts].flatMap((text) => text.match(/\b(?:titans|process|nodejs)_[a-z0-9_]+/g) ?? []),
    );
    expect(panelExprs.length).toBeGreaterThan(20);
    expect([...used].filter((name) => !exported.has(name))).toEqual([]);
  });

  it('OPS6 /metrics answers Prometheus text by default and JSON only when asked; the token is still needed', async () => {
    const headers = { authorization: `Bearer ${TOKEN}` };
    for (const [query, accept] of [
      ['', undefined],
      ['', '*/*'],
      ['', 'application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5,*/*;q=0.1'],
      ['?format=prometheus', undefined],
      ['?format=prometheus', 'application/json'],
    ] as const) {
      const text = await fetch(`${t.url}/metrics${query}`, {
        headers: { ...headers, ...(accept ? { accept } : {}) },
      });
      expect(text.headers.get('content-type'), `${query} ${accept}`).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await text.text()).toContain('# TYPE titans_taps_accepted_total counter');
    }
    for (const [query, accept] of [
      ['?format=json', undefined],
      ['?format=json', 'text/plain'],
      ['', 'application/json'],
    ] as const) {
      const json = await fetch(`${t.url}/metrics${query}`, {
        headers: { ...headers, ...(accept ? { accept } : {}) },
      });
      expect(json.headers.get('content-type'), `${query} ${accept}`).toMatch(/^application\/json/);
      expect(((await json.json()) as { data: { taps: unknown } }).data.taps).toBeDefined();
    }
    const refused = await fetch(`${t.url}/metrics`, { headers: { accept: 'text/plain' } });
    expect(refused.status).toBe(401);
  });
});
