import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TOKEN = 'metrics-token-for-cluster-tests-01';

/** The `node` label of every sample of one scrape (a line without labels counts as none). */
async function nodeLabels(t: TestApp): Promise<string[]> {
  const response = await fetch(`${t.url}/metrics?format=prometheus`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.status).toBe(200);
  const samples = (await response.text()).split('\n').filter((line) => line && !line.startsWith('#'));
  expect(samples.length).toBeGreaterThan(50);
  return samples.map((line) => /[{,]node="([^"]*)"/.exec(line)?.[1] ?? '(none)');
}

/* D-OPS-7: every series says which process it came from. */
describe('metrics per node', () => {
  it('D-OPS-7 one process labels every series node="single"', async () => {
    const t = await startTestApp('pglite', { env: { METRICS_TOKEN: TOKEN } });
    try {
      expect(new Set(await nodeLabels(t))).toEqual(new Set(['single']));
    } finally {
      await t.close();
    }
  }, 120_000);

  describe.runIf(process.env.DATABASE_URL)('in a cluster (PostgreSQL + Redis)', () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      const env = {
        REDIS_URL,
        CLUSTER_KEY_PREFIX: `t${randomBytes(3).toString('hex')}:`,
        METRICS_TOKEN: TOKEN,
      };
      a = await startTestApp('postgres', { env });
      b = await startTestApp('postgres', { env, databaseUrl: a.config.databaseUrl });
    }, 120_000);
    afterAll(async () => {
      await b?.close();
      await a?.close();
    }, 60_000);

    it('D-OPS-7 each process labels every series with its own cluster node id', async () => {
      const nodeA = a.cluster?.nodeId;
      const nodeB = b.cluster?.nodeId;
      expect(nodeA).toBeTruthy();
      expect(nodeA).not.toBe(nodeB);
      expect(new Set(await nodeLabels(a))).toEqual(new Set([nodeA]));
      expect(new Set(await nodeLabels(b))).toEqual(new Set([nodeB]));
    });
  });
});
