import { type ChildProcess, spawn } from 'node:child_process';

/**
 * A redis-server of the test's own on a free loopback port, so a test can count its commands and
 * stop and start it (Redis loss) without touching anyone else's. No persistence.
 */
export class RedisProcess {
  private child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<RedisProcess> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const redis = new RedisProcess(20_000 + Math.floor(Math.random() * 20_000));
      if (
        await redis.up().then(
          () => true,
          () => false,
        )
      )
        return redis;
    }
    throw new Error('could not start redis-server on a free port');
  }

  /** Starts (or starts again) the server on this port; resolves once it accepts connections. */
  up(): Promise<void> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null)
      return Promise.resolve();
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    // Never outlive the test process, even when it is killed mid-run.
    const kill = () => child.kill('SIGKILL');
    process.once('exit', kill);
    child.once('exit', () => {
      process.off('exit', kill);
      if (this.child === child) this.child = null;
    });
    return new Promise((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`redis-server did not start: ${output}`));
      }, 5_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', () => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited: ${output}`));
      });
    });
  }

  /** Stops the server at once (SIGKILL: no goodbye to its clients), resolving when it is gone. */
  async down(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}
