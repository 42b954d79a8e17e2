/**
 * npm run cluster [-- --processes N --port P]: a Titans cluster on this machine (decisions:
 * D-CLUSTER-13). Starts N server processes (default 2) on one PostgreSQL and one Redis
 * (DATABASE_URL and REDIS_URL from the environment, else the local defaults) and HAProxy
 * (Debian's /usr/sbin/haproxy) in front on P (default 3000), routing by player id. Ctrl-C stops
 * everything; the HAProxy configuration lives in a temporary folder removed at the end.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SERVER_NODE_ARGS } from '../../apps/server/src/server-launch.ts';
import { HAPROXY, haproxyConfig } from './haproxy-config.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
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
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-cluster-'));
const children: { name: string; child: ChildProcess }[] = [];
let stopping = false;

function start(name: string, command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: 'pipe' });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stdout?.on('data', (chunk: Buffer) => process.stdout.write(prefix(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} exited (${signal ?? code}); stopping the cluster`);
    void stop(1);
  });
  children.push({ name, child });
  return child;
}

async function healthy(url: string, deadlineMs: number) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (stopping) return false;
    const ok = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('stopping: HAProxy, then each server (SIGTERM: they drain)');
  const exits = children.map(
    ({ child }) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
      }),
  );
  for (const { child } of children) child.kill('SIGTERM');
  const forced = setTimeout(() => {
    for (const { child } of children) child.kill('SIGKILL');
  }, 30_000);
  await Promise.all(exits);
  clearTimeout(forced);
  fs.rmSync(workDir, { recursive: true, force: true });
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

const servers = Array.from({ length: processes }, (_, index) => ({
  name: `titans${index + 1}`,
  address: `127.0.0.1:${port + 101 + index}`,
}));
const configPath = path.join(workDir, 'haproxy.cfg');
fs.writeFileSync(configPath, haproxyConfig({ bind: `0.0.0.0:${port}`, servers, tellServer: true }));
const check = spawnSync(HAPROXY, ['-c', '-q', '-f', configPath], { encoding: 'utf8' });
if (check.status !== 0) {
  console.error(`HAProxy refused its configuration:\n${check.stderr}`);
  process.exit(1);
}

console.log(`cluster: ${processes} processes on ${databaseUrl} and ${redisUrl}`);
for (const [index, server] of servers.entries()) {
  start(server.name, process.execPath, [...SERVER_NODE_ARGS], {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    HOST: '127.0.0.1',
    PORT: server.address.split(':')[1]!,
    DATA_DIR: path.join(workDir, `data-${index + 1}`),
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  });
  // One at a time: the first applies migrations and loads the catalogue, the rest find them done.
  if (!(await healthy(`http://${server.address}/health`, 60_000))) {
    console.error(`${server.name} did not become healthy`);
    await stop(1);
  }
}
start('haproxy', HAPROXY, ['-db', '-f', configPath]);
if (await healthy(`http://127.0.0.1:${port}/health`, 10_000))
  console.log(
    `cluster ready: http://127.0.0.1:${port} (HAProxy → ${servers.map((s) => s.address).join(', ')}); Ctrl-C stops it`,
  );
