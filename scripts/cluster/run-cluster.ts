/**
 * npm run cluster [-- --processes N --port P]: a Titans cluster on this machine (decisions:
 * D-CLUSTER-13). Starts N server processes (default 2) on one PostgreSQL and one Redis
 * (DATABASE_URL and REDIS_URL from the environment, else the local defaults) and HAProxy
 * (Debian's /usr/sbin/haproxy) in front on P (default 3000), routing by player id. Ctrl-C stops
 * everything (the servers drain); the HAProxy configuration lives in a temporary folder.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { HAPROXY } from './haproxy-config.ts';
import { LocalCluster } from './local-cluster.ts';

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '2' },
    port: { type: 'string', default: '3000' },
  },
});
const processes = Number(values.processes);
const port = Number(values.port);
if (!Number.isInteger(processes) || processes < 1 || processes > 16) throw new Error('--processes: 1 to 16');
if (!Number.isInteger(port) || port < 1 || port > 65_000) throw new Error('--port: a TCP port');
if (!fs.existsSync(HAPROXY)) {
  console.error(`${HAPROXY} is missing: apt-get install -y haproxy`);
  process.exit(1);
}

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
console.log(`cluster: ${processes} processes on ${databaseUrl} and ${redisUrl}`);
const cluster = await LocalCluster.start({
  processes,
  databaseUrl,
  redisUrl,
  port,
  bindHost: '0.0.0.0',
  serverPorts: Array.from({ length: processes }, (_, index) => port + 101 + index),
  env: { LOG_LEVEL: process.env.LOG_LEVEL || 'warn' },
  echo: (name, line) => console.log(`[${name}] ${line}`),
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  console.log('stopping: HAProxy, then each server (SIGTERM: they drain)');
  await cluster.stop();
  process.exit(code);
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
for (const server of cluster.servers) {
  void server.exited.then((how) => {
    if (stopping) return;
    console.error(`${server.name} exited (${how}); stopping the cluster`);
    void stop(1);
  });
}
console.log(
  `cluster ready: http://127.0.0.1:${port} (HAProxy → ${cluster.servers.map((s) => s.url).join(', ')}); Ctrl-C stops it`,
);
