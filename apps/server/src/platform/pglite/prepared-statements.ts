// Fenced: written against @electric-sql/pglite 0.5.16 (its private `_checkReady`,
// `_runExclusiveQuery` and `_runExclusiveTransaction`, and its protocol `serialize`, `Parser` and
// `parse.parseResults`). The version is pinned in apps/server/package.json;
// test/platform-contract.test.ts checks it and that the path is taken.
import {
  messages,
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { fastPathCounts } from '../fast-path-counts.ts';
import { withMethods } from './with-methods.ts';

/** How many statements one PGlite keeps prepared; beyond it the least recently used is closed. */
const MAX_PREPARED = 500;

interface Prepared {
  name: string;
  /** The parameter types PostgreSQL inferred, to serialise the values as PGlite would. */
  types: number[];
  /** The result's columns, as the statement was described when prepared (null: it returns none). */
  columns: messages.RowDescriptionMessage | null;
}

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

const { serialize } = protocol;

/** Numbers the caches, so two on one PGlite never name a statement alike. */
let caches = 0;

/**
 * Named prepared statements for PGlite, as postgres.js and drizzle's node-postgres prepared
 * queries have on PostgreSQL. PGlite's own `query` sends each statement in six calls into the
 * database (parse, describe, bind, describe, execute, sync), and PostgreSQL parses, analyses and
 * plans it every time. Here a statement is parsed and described once per SQL text, and each run
 * is one call: bind, execute and sync together, its rows read with the columns described when it
 * was prepared (results come back as text, so the description's formats hold). On PGlite every
 * statement costs the server's own thread (docs/benchmarks.md has what this saves).
 *
 * Prepared statements belong to the session, not to a transaction: a rollback keeps them, and a
 * statement that failed to parse was never created. Values are serialised and rows parsed by
 * PGlite's own serializers, parsers and result reader, so callers see the same results.
 */
export class PgliteStatements {
  private readonly prepared = new Map<string, Prepared>();
  /** Statements evicted from the cache, closed with the next message sent. */
  private readonly toClose: string[] = [];
  /** What the names of this cache's statements start with. */
  readonly namePrefix = `titans_${++caches}_`;
  private counter = 0;
  readonly stats = { prepared: 0, reused: 0, closed: 0 };

  constructor(
    private readonly client: PGlite,
    private readonly capacity = MAX_PREPARED,
  ) {}

  /** The client with `query` and `transaction` running prepared statements; the rest is PGlite's. */
  asClient(): PGlite {
    return withMethods(this.client, {
      query: this.query.bind(this),
      transaction: this.transaction.bind(this),
    });
  }

  /** `PGlite.query`, as one statement outside a transaction (it waits for one that is open). */
  async query<Row>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<Row>> {
    if (!preparable(options)) return this.client.query<Row>(text, params, options);
    // Refuses a closed or closing database, as PGlite's own `query` does.
    await this.client._checkReady();
    return this.client._runExclusiveTransaction(() =>
      this.client._runExclusiveQuery(async () => {
        const result = await this.run<Row>(text, params ?? [], options);
        await this.client.syncToFs();
        return result;
      }),
    );
  }

  /** `PGlite.transaction`, whose statements are prepared too. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.client.transaction((tx) => work(this.within(tx)));
  }

  /** A transaction handle whose `query` runs prepared statements; the rest is PGlite's. */
  within(tx: Transaction): Transaction {
    const query = <Row>(text: string, params?: unknown[], options?: QueryOptions) => {
      if (!preparable(options)) return tx.query<Row>(text, params, options);
      if (tx.closed) return Promise.reject(new Error('Transaction is closed'));
      return this.client._runExclusiveQuery(() => this.run<Row>(text, params ?? [], options));
    };
    return withMethods(tx, { query });
  }

  private async run<Row>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<Row>> {
    fastPathCounts.preparedStatement++;
    let statement = this.prepared.get(text);
    if (statement) this.stats.reused++;
    else statement = await this.prepare(text, params, options);
    // Most recently used last: the first entry is the one to evict.
    this.prepared.delete(text);
    this.prepared.set(text, statement);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.types[index] ?? 0;
      const serializer = options?.serializers?.[type] ?? this.client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const message = [
      serialize.bind({ statement: statement.name, values }),
      serialize.execute({}),
      serialize.sync(),
    ];
    const reply = await this.exchange(message);
    let sent: BackendMessage[];
    try {
      sent = this.readWithPglite(reply, text, params, options);
    } catch (error) {
      // A statement someone deallocated, or whose result columns a schema change altered, is
      // prepared again on the next call.
      if (isStale(error)) this.forget(text);
      throw error;
    }
    // A schema change that alters the columns fails the run above ("cached plan must not change
    // result type"), so the description is never stale when rows arrive.
    const received = statement.columns ? [statement.columns, ...sent] : sent;
    const [result] = parse.parseResults(received, this.client.parsers, options);
    if (!result) throw new Error('PGlite read no result from the reply');
    // The boundary where PGlite's untyped rows become the row type the caller's SQL names.
    return result as Results<Row>;
  }

  /** Sends messages as one call, with any pending closes in front, and answers PostgreSQL's bytes. */
  private async exchange(parts: Uint8Array[]): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    await this.client.execProtocolRawStream(this.withCloses(parts), {
      syncToFs: false,
      // A view into the database's memory, valid only during the call: kept as a copy.
      onRawData: (bytes) => chunks.push(bytes.slice()),
    });
    const [only] = chunks;
    return only && chunks.length === 1 ? only : joined(chunks);
  }

  /** A reply read by PGlite's own protocol reader; its first error is thrown as PGlite throws it. */
  private readWithPglite(
    reply: Uint8Array,
    text: string,
    params: unknown[],
    options?: QueryOptions,
  ): BackendMessage[] {
    const received: BackendMessage[] = [];
    let failure: messages.DatabaseError | null = null;
    new protocol.Parser().parse(reply, (message) => {
      if (message instanceof messages.DatabaseError) failure ??= message;
      else received.push(message);
    });
    if (failure) {
      Object.assign(failure, { query: text, params, queryOptions: options });
      throw failure;
    }
    return received;
  }

  private async prepare(text: string, params: unknown[], options?: QueryOptions): Promise<Prepared> {
    const name = `${this.namePrefix}${++this.counter}`;
    let described: BackendMessage[];
    try {
      described = await this.send(
        [serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()],
        text,
        params,
        options,
      );
    } catch (error) {
      // A statement that failed to parse does not exist; closing a missing one is no error either.
      this.toClose.push(name);
      throw error;
    }
    const description = described.find(
      (message): message is messages.ParameterDescriptionMessage => message.name === 'parameterDescription',
    );
    this.stats.prepared++;
    while (this.prepared.size >= this.capacity) {
      const [oldest] = this.prepared.keys();
      if (oldest === undefined) break;
      this.forget(oldest);
    }
    const columns =
      described.find(
        (message): message is messages.RowDescriptionMessage => message.name === 'rowDescription',
      ) ?? null;
    return { name, types: description?.dataTypeIDs ?? [], columns };
  }

  /** Drops a statement from the cache; it is closed with the next message. */
  private forget(text: string) {
    const statement = this.prepared.get(text);
    if (!statement) return;
    this.prepared.delete(text);
    this.toClose.push(statement.name);
  }

  /** Sends messages as one call, with any pending closes in front; errors carry the query like PGlite's. */
  private async send(
    parts: Uint8Array[],
    text: string,
    params: unknown[],
    options?: QueryOptions,
  ): Promise<BackendMessage[]> {
    try {
      return await this.client.execProtocolStream(this.withCloses(parts), { syncToFs: false });
    } catch (error) {
      if (error instanceof messages.DatabaseError) {
        Object.assign(error, { query: text, params, queryOptions: options });
      }
      throw error;
    }
  }

  /** The messages as one, after a Close for every statement evicted since the last call. */
  private withCloses(parts: Uint8Array[]): Uint8Array {
    const closes = this.toClose.splice(0).map((name) => serialize.close({ type: 'S', name }));
    this.stats.closed += closes.length;
    return joined([...closes, ...parts]);
  }
}

/** The parts one after another, in one array. */
function joined(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return all;
}

/** invalid_sql_statement_name, or feature_not_supported for "cached plan must not change result type". */
function isStale(error: unknown): boolean {
  if (!(error instanceof messages.DatabaseError)) return false;
  return error.code === '26000' || (error.code === '0A000' && /cached plan/.test(error.message));
}

/** Statements PGlite must run itself: with a file to read or write, or with types the caller fixes. */
function preparable(options: QueryOptions | undefined): boolean {
  return !options?.blob && !options?.paramTypes && !options?.onNotice;
}
