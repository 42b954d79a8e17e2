import {
  DATABASE_CONNECT_TIMEOUT_MS,
  DATABASE_RETRY_ATTEMPTS,
  DATABASE_RETRY_BASE_MS,
} from '@titans/shared/constants';
import pg from 'pg';

/** What the server knows about its database connection, for /health and /metrics. */
export interface DatabaseHealth {
  /** `up` after the last statement succeeded, `down` after the last one failed on a lost connection. */
  state: 'up' | 'down';
  /** Connections the database or the network dropped since start (each was replaced on demand). */
  lostConnections: number;
  /** Statements and connection attempts retried after a lost connection. */
  retries: number;
  lastError: string | null;
  lastErrorAt: string | null;
}

/** Receives every connection-level problem, so the app logs it once with context. */
export type ConnectionErrorListener = (error: Error, where: 'idle' | 'checked-out' | 'query') => void;

// SQLSTATEs that end a session (a restart, failover, pg_terminate_backend, idle_session_timeout):
// class 08 (connection exception) and 57P01–57P05 (operator intervention).
const SESSION_ENDED = /^(08...|57P0[1-5])$/;
// Sent by the server in place of the statement's result: the statement did not complete, so its
// transaction was rolled back and sending it again cannot apply it twice.
const STATEMENT_ROLLED_BACK = /^57P0[1-5]$/;

/** Marks an error of a connect that failed after its retries: the database cannot be reached. */
const CONNECT_FAILED = Symbol('connectFailed');

/**
 * True for errors that mean the connection, not the statement, failed. Drizzle wraps driver
 * errors (`DrizzleQueryError`), so the cause chain is searched too.
 */
export function isConnectionError(error: unknown): boolean {
  return connectionError(error) !== undefined;
}

/** The error itself when it is a connection error (see isConnectionError), else undefined. */
export function connectionError(error: unknown): Error | undefined {
  if (!(error instanceof Error)) return undefined;
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    if (isOwnConnectionError(cause)) return error;
    cause = cause.cause;
  }
  return undefined;
}

/** Whether a connect gave up on this error after its retries (marked by connectWithRetry). */
function connectFailed(error: Error): boolean {
  return CONNECT_FAILED in error && error[CONNECT_FAILED] === true;
}

/** The SQLSTATE or system error code a driver error carries, if any. */
function codeOf(error: Error): unknown {
  return 'code' in error ? error.code : undefined;
}

function isOwnConnectionError(error: Error): boolean {
  if (connectFailed(error)) return true;
  const code = codeOf(error);
  if (typeof code === 'string' && SESSION_ENDED.test(code)) return true;
  if (
    typeof code === 'string' &&
    /^(ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|ENOTFOUND|EAI_AGAIN)$/.test(code)
  )
    return true;
  return /Connection terminated|not queryable|timeout exceeded when trying to connect|Client was closed/i.test(
    error.message,
  );
}

/**
 * A statement may be sent again after a connection error when it cannot have taken effect:
 * it was never sent (the client was already dead), the server answered with a session-ending
 * SQLSTATE instead of a result (the statement was rolled back), or it only reads.
 */
function safeToRetry(error: unknown, text: string): boolean {
  const lost = connectionError(error);
  if (!lost) return false;
  // Connecting was already retried (or timed out): answer now (503) rather than wait again.
  if (connectFailed(lost)) return false;
  const code = codeOf(lost);
  if (typeof code === 'string' && STATEMENT_ROLLED_BACK.test(code)) return true;
  if (/not queryable|Client was closed/i.test(lost.message)) return true;
  return /^\s*(select|show)\b/i.test(text);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * node-postgres' Pool with the error handling a long-running server needs (decisions: D-DB-1):
 * - `error` listeners on the pool (idle connections) and on every checked-out connection, so a
 *   dropped connection is logged and discarded instead of crashing the process; the pool opens a
 *   new one on the next demand;
 * - connecting is retried with backoff, and so are statements that cannot have applied
 *   (see safeToRetry), at most DATABASE_RETRY_ATTEMPTS times; anything else fails to the caller
 *   (a request answers 503, the tap flusher retries its chunk with the same idempotency keys);
 * - a health record for /health and /metrics.
 */
export class ResilientPool extends pg.Pool {
  readonly health: DatabaseHealth = {
    state: 'up',
    lostConnections: 0,
    retries: 0,
    lastError: null,
    lastErrorAt: null,
  };
  private readonly checkedOut = new WeakSet<pg.PoolClient>();
  private listener: ConnectionErrorListener = () => {};

  constructor(config: pg.PoolConfig) {
    super({ connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS, keepAlive: true, ...config });
    // Every connection gets a listener for its whole life, attached as soon as it connects:
    // while checked out pg-pool detaches its own, and a session-ending message can arrive in the
    // same read as the end of the handshake, before the caller has the client (seen with
    // idle_session_timeout on a loaded machine). Without one, 'error' would kill the process.
    // A dropped connection is discarded by the pool (on release, or at once when idle).
    this.on('connect', (client) =>
      client.on('error', (error) => this.lost(error, this.checkedOut.has(client) ? 'checked-out' : 'idle')),
    );
    this.on('acquire', (client) => this.checkedOut.add(client));
    this.on('release', (_error, client) => this.checkedOut.delete(client));
    // pg-pool re-emits an idle connection's error here; it was counted by the listener above.
    this.on('error', () => {});
  }

  /** Where connection problems are reported (the app's logger). */
  onConnectionError(listener: ConnectionErrorListener) {
    this.listener = listener;
  }

  private lost(error: Error, where: 'idle' | 'checked-out' | 'query') {
    this.health.lostConnections++;
    this.markDown(error);
    this.listener(error, where);
  }

  private markDown(error: unknown) {
    this.health.state = 'down';
    this.health.lastError = error instanceof Error ? error.message : String(error);
    this.health.lastErrorAt = new Date().toISOString();
  }

  private markUp() {
    this.health.state = 'up';
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (promise and callback forms).
  override connect(...args: any[]): any {
    if (args.length > 0) return super.connect(args[0]);
    return this.connectWithRetry();
  }

  private async connectWithRetry(): Promise<pg.PoolClient> {
    for (let attempt = 0; ; attempt++) {
      try {
        const client = await super.connect();
        this.markUp();
        return client;
      } catch (error) {
        // A connect that timed out already waited DATABASE_CONNECT_TIMEOUT_MS: the caller (a
        // request the client times out after 8 s) gets its 503 now rather than after several more.
        const timedOut =
          error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message);
        if (!isConnectionError(error) || timedOut || attempt >= DATABASE_RETRY_ATTEMPTS) {
          // Whatever stopped the connect (refused, timed out, the database closed to connections),
          // the database cannot be reached.
          this.markDown(error);
          if (error instanceof Error) Object.assign(error, { [CONNECT_FAILED]: true });
          throw error;
        }
        this.health.retries++;
        await wait(DATABASE_RETRY_BASE_MS * 2 ** attempt);
      }
    }
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (promise and callback forms).
  override query(...args: any[]): any {
    // pg reads a missing third argument and an undefined one alike.
    if (typeof args.at(-1) === 'function') return super.query(args[0], args[1], args[2]);
    return this.queryWithRetry(args[0], args[1]);
  }

  private async queryWithRetry(config: string | pg.QueryConfig, values?: unknown[]) {
    const text = typeof config === 'string' ? config : config.text;
    for (let attempt = 0; ; attempt++) {
      try {
        const client = await this.connectWithRetry();
        let failed: Error | undefined;
        try {
          // Drizzle's query config is forwarded unchanged; pg types its two forms as separate overloads.
          const result = await (typeof config === 'string'
            ? client.query(config, values)
            : client.query(config, values));
          this.markUp();
          return result;
        } catch (error) {
          failed = connectionError(error);
          throw error;
        } finally {
          client.release(failed);
        }
      } catch (error) {
        if (!safeToRetry(error, text) || attempt >= DATABASE_RETRY_ATTEMPTS) {
          if (isConnectionError(error)) this.markDown(error);
          throw error;
        }
        this.health.retries++;
        await wait(DATABASE_RETRY_BASE_MS * 2 ** attempt);
      }
    }
  }
}
