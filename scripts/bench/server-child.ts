/**
 * The servers under test as child processes (the real one and the echo baseline): spawn on a
 * free port, wait for /health, read /metrics, stop with SIGTERM. Every child is registered so
 * the bench kills what is left when it exits or is interrupted.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';

const children = new Map<ChildProcess, Promise<unknown>>();

/**
 * SIGKILLs every child still running (the kill itself is synchronous: safe in an 'exit' handler);
 * the promise resolves once they are gone, so their data folders can be removed.
 */
export function killAllChildren(): Promise<void> {
  const exits = [...children.values()];
  for (const child of children.keys()) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
  return Promise.all(exits).then(() => {});
}

function freePort(): Promise<number> {
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

export interface ServerMetrics {
  pid: number;
  uptime: number;
  memory: NodeJS.MemoryUsage;
  cpu: NodeJS.CpuUsage;
  sockets: number;
  engineUsers: number;
  taps: { tapEvents: number; tapsAccepted: number; coinsAccepted: number } & Record<string, number>;
}

export interface ServerChild {
  name: string;
  url: string;
  pid: number;
  /** The last 64 KB of the child's stdout and stderr. */
  output(): string;
  metrics(gc?: boolean): Promise<ServerMetrics>;
  /** SIGTERM, then SIGKILL after timeoutMs; resolves with the exit code (null when killed). */
  stop(timeoutMs?: number): Promise<number | null>;
}

export interface StartOptions {
  name: string;
  cwd: string;
  /** Node arguments before and including the entry file. */
  args: string[];
  env: Record<string, string>;
  metricsToken: string;
  healthTimeoutMs?: number;
}

export async function startServerChild(options: StartOptions): Promise<ServerChild> {
  const port = await freePort();
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 65_536) output = output.slice(-65_536);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  children.set(child, exited);
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + (options.healthTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${options.name} exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} did not become healthy:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    name: options.name,
    url,
    pid: child.pid!,
    output: () => output,
    async metrics(gc = false) {
      const response = await fetch(`${url}/metrics?format=json${gc ? '&gc=1' : ''}`, {
        headers: { authorization: `Bearer ${options.metricsToken}` },
      });
      if (!response.ok) throw new Error(`${options.name} /metrics answered ${response.status}`);
      const body = (await response.json()) as { data: ServerMetrics };
      return body.data;
    },
    async stop(timeoutMs = 30_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
