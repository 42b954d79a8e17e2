/**
 * A Titans cluster on this machine, for `npm run cluster`, the cluster fault tests and
 * `npm run bench:cluster`: N server processes on one PostgreSQL and one Redis, and HAProxy in
 * front routing by player id (decisions: D-CLUSTER-13). Each process can be killed (-9), paused
 * (SIGSTOP/SIGCONT), drained (SIGTERM) or started again on its port.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_ARGS } from '../../apps/server/src/server-launch.ts';
import { HAPROXY, haproxyConfig } from './haproxy-config.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface LocalClusterOptions {
  processes: number;
  databaseUrl: string;
  /**
   * The cluster's Redis. Left out, the servers get no REDIS_URL (not even one inherited from this
   * environment): with `processes: 1` that is a single process behind HAProxy (bench:cluster's B).
   */
  redisUrl?: string;
  /** HAProxy's port; 0 picks a free one. */
  port?: number;
  /** Servers listen on port+101, +102, …; default: free ports. */
  serverPorts?: number[];
  /** Listen address of HAProxy (default 127.0.0.1). */
  bindHost?: string;
  /** Extra environment for every server. */
  env?: Record<string, string>;
  /** Node flags before the server's own (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /** What each process runs instead of the game server (bench:cluster's floor: the bare echo). */
  serverArgs?: string[];
  /** Where each line of a child's output goes (default: kept, readable with output()). */
  echo?: (name: string, line: string) => void;
  /** Start HAProxy (default true). */
  haproxy?: boolean;
}

export interface ClusterProcess {
  name: string;
  /** The server's own address, bypassing HAProxy. */
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<string>;
  pid(): number;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Waits until `url` answers 2xx (false after deadlineMs). */
export async function whenHealthy(url: string, deadlineMs: number): Promise<boolean> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(1_000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

export class LocalCluster {
  readonly servers: ClusterProcess[] = [];
  /** HAProxy's address: what players connect to. */
  url = '';
  private haproxy: ChildProcess | null = null;
  private readonly workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-cluster-'));
  private readonly lines: string[] = [];

  private constructor(private readonly options: LocalClusterOptions) {}

  /** Starts the servers one at a time (the first migrates), then HAProxy. */
  static async start(options: LocalClusterOptions): Promise<LocalCluster> {
    if (!Number.isInteger(options.processes) || options.processes < 1)
      throw new Error('processes: at least 1');
    const cluster = new LocalCluster(options);
    try {
      for (let index = 0; index < options.processes; index++) {
        const port = options.serverPorts?.[index] ?? (await freePort());
        await cluster.startServer(`titans${index + 1}`, port, index);
      }
      if (options.haproxy !== false) await cluster.startHaproxy();
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

  /** Everything the children printed (when no echo was given). */
  output(): string {
    return this.lines.join('\n');
  }

  server(name: string): ClusterProcess {
    const found = this.servers.find((server) => server.name === name);
    if (!found) throw new Error(`no server ${name}`);
    return found;
  }

  /** SIGKILL: no shutdown hook runs, nothing is flushed. */
  async kill(name: string): Promise<void> {
    const server = this.server(name);
    server.child.kill('SIGKILL');
    await server.exited;
  }

  /** SIGSTOP / SIGCONT: the process stops answering (and beating) without dying. */
  pause(name: string): void {
    this.server(name).child.kill('SIGSTOP');
  }
  resume(name: string): void {
    this.server(name).child.kill('SIGCONT');
  }

  /** SIGTERM: the graceful drain; resolves with how it ended. */
  async drain(name: string): Promise<string> {
    const server = this.server(name);
    server.child.kill('SIGTERM');
    return server.exited;
  }

  /** Starts a stopped server again on its port (HAProxy finds it by its health checks). */
  async restart(name: string): Promise<ClusterProcess> {
    const index = this.servers.findIndex((server) => server.name === name);
    const old = this.servers[index];
    if (!old) throw new Error(`no server ${name}`);
    this.servers.splice(index, 1);
    return this.startServer(name, old.port, index);
  }

  /** Stops HAProxy and every server (SIGTERM, SIGKILL after 20 s) and removes the work folder. */
  async stop(): Promise<void> {
    this.haproxy?.kill('SIGTERM');
    const exits = this.servers.map(async (server) => {
      if (server.child.exitCode !== null || server.child.signalCode !== null) return;
      server.child.kill('SIGCONT');
      server.child.kill('SIGTERM');
      const forced = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
      await server.exited;
      clearTimeout(forced);
    });
    await Promise.all(exits);
    fs.rmSync(this.workDir, { recursive: true, force: true });
  }

  private record(name: string, chunk: Buffer) {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      if (this.options.echo) this.options.echo(name, line);
      else if (this.lines.length < 5_000) this.lines.push(`[${name}] ${line}`);
    }
  }

  private async startServer(name: string, port: number, index: number): Promise<ClusterProcess> {
    const args = [...(this.options.nodeArgs ?? []), ...(this.options.serverArgs ?? SERVER_NODE_ARGS)];
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        ...this.options.env,
        DATABASE_URL: this.options.databaseUrl,
        // spawn leaves out undefined values: no REDIS_URL at all when none was given.
        REDIS_URL: this.options.redisUrl,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: path.join(this.workDir, `data-${name}`),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => this.record(name, chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.record(name, chunk));
    const exited = new Promise<string>((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ?? String(code))),
    );
    const server: ClusterProcess = {
      name,
      url: `http://127.0.0.1:${port}`,
      port,
      child,
      exited,
      pid: () => child.pid ?? 0,
    };
    this.servers.splice(index, 0, server);
    const up = await Promise.race([whenHealthy(`${server.url}/health`, 60_000), exited.then(() => false)]);
    if (!up) throw new Error(`${name} did not become healthy:\n${this.output()}`);
    return server;
  }

  private async startHaproxy(): Promise<void> {
    const port = this.options.port || (await freePort());
    const host = this.options.bindHost ?? '127.0.0.1';
    const servers = this.servers.map((server) => ({
      name: server.name,
      address: `127.0.0.1:${server.port}`,
    }));
    const configPath = path.join(this.workDir, 'haproxy.cfg');
    fs.writeFileSync(configPath, haproxyConfig({ bind: `${host}:${port}`, servers, tellServer: true }));
    const check = spawnSync(HAPROXY, ['-c', '-q', '-f', configPath], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`HAProxy refused its configuration:\n${check.stderr}`);
    this.haproxy = spawn(HAPROXY, ['-db', '-f', configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.haproxy.stderr?.on('data', (chunk: Buffer) => this.record('haproxy', chunk));
    this.url = `http://127.0.0.1:${port}`;
    if (!(await whenHealthy(`${this.url}/health`, 10_000))) throw new Error('HAProxy did not answer');
  }

  /** HAProxy's process (for CPU accounting). */
  haproxyPid(): number {
    return this.haproxy?.pid ?? 0;
  }
}
