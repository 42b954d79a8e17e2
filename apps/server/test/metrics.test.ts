import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

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
    const response = await fetch(`${t.url}/metrics?gc=1`, { headers: { authorization: `Bearer ${TOKEN}` } });
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
