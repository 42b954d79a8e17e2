/** One player's sort keys as read from users: whole numbers within 2^53 (checked by the caller). */
export interface SortKeys {
  id: string;
  referralEarnings: number;
  coins: number;
  /** created_at in microseconds since 1970: PostgreSQL's full precision, not a Date's milliseconds. */
  createdMicros: number;
}

/** The next players in rank order, as the parallel arrays one `unnest` insert takes. */
export interface RankedBatch {
  ranks: number[];
  ids: string[];
  coins: number[];
  referralEarnings: number[];
}

const INITIAL_CAPACITY = 1024;

/**
 * LB1 on PGlite (decisions: D-LB-3): ranks every player without one long sort. Players arrive in
 * chunks; each chunk is sorted when it is added (a short run) and `next()` merges the runs with a
 * heap, a batch at a time, so no single step holds the event loop for long, even at 1M players.
 * The order is exactly PostgreSQL's `order by referral_earnings desc, coins desc, created_at, id`:
 * a uuid compares bytewise there, so the id is kept as four big-endian 32-bit words. Memory: 44
 * bytes per player in typed arrays, grown by doubling; names are looked up when rows are written.
 */
export class SlicedRanking {
  private size = 0;
  private referral = new Float64Array(INITIAL_CAPACITY);
  private coins = new Float64Array(INITIAL_CAPACITY);
  private created = new Float64Array(INITIAL_CAPACITY);
  private idWords = new Uint32Array(INITIAL_CAPACITY * 4);
  /** Row numbers; each run (one added chunk) is sorted within itself. */
  private order = new Uint32Array(INITIAL_CAPACITY);
  private readonly runStarts: number[] = [];
  /** Merge state, built on the first next(): each run's position and a heap of runs by head row. */
  private heads: Uint32Array | null = null;
  private runEnds = new Uint32Array(0);
  private heap: number[] = [];
  private ranked = 0;

  get total(): number {
    return this.size;
  }

  /** Adds one chunk of players (each player once over all chunks); only before the first next(). */
  add(players: readonly SortKeys[]): void {
    if (this.heads) throw new Error('SlicedRanking: add() after next()');
    if (players.length === 0) return;
    const start = this.size;
    this.reserve(start + players.length);
    for (const [offset, player] of players.entries()) {
      const row = start + offset;
      this.referral[row] = player.referralEarnings;
      this.coins[row] = player.coins;
      this.created[row] = player.createdMicros;
      writeUuid(this.idWords, row * 4, player.id);
      this.order[row] = row;
    }
    this.size = start + players.length;
    this.runStarts.push(start);
    this.order.subarray(start, this.size).sort((a, b) => (a === b ? 0 : this.before(a, b) ? -1 : 1));
  }

  /** The next `max` players in rank order (ranks from 1), or null when all have been handed out. */
  next(max: number): RankedBatch | null {
    const heads = this.heads ?? this.startMerge();
    if (this.heap.length === 0) return null;
    const batch: RankedBatch = { ranks: [], ids: [], coins: [], referralEarnings: [] };
    while (batch.ranks.length < max && this.heap.length > 0) {
      const run = at(this.heap, 0);
      const head = at(heads, run);
      const row = at(this.order, head);
      batch.ranks.push(++this.ranked);
      batch.ids.push(readUuid(this.idWords, row * 4));
      batch.coins.push(at(this.coins, row));
      batch.referralEarnings.push(at(this.referral, row));
      heads[run] = head + 1;
      if (heads[run] === this.runEnds[run]) {
        const last = at(this.heap, this.heap.length - 1);
        this.heap.pop();
        if (this.heap.length === 0) break;
        this.heap[0] = last;
      }
      this.siftDown(0);
    }
    return batch;
  }

  /** Whether row a ranks before row b (they are different players). */
  private before(a: number, b: number): boolean {
    const { referral, coins, created, idWords } = this;
    if (referral[a] !== referral[b]) return at(referral, a) > at(referral, b);
    if (coins[a] !== coins[b]) return at(coins, a) > at(coins, b);
    if (created[a] !== created[b]) return at(created, a) < at(created, b);
    for (let word = 0; word < 4; word++) {
      const x = at(idWords, a * 4 + word);
      const y = at(idWords, b * 4 + word);
      if (x !== y) return x < y;
    }
    return false;
  }

  private startMerge(): Uint32Array {
    const runs = this.runStarts.length;
    const heads = Uint32Array.from(this.runStarts);
    this.runEnds = new Uint32Array(runs);
    for (let run = 0; run < runs; run++) this.runEnds[run] = this.runStarts[run + 1] ?? this.size;
    this.heads = heads;
    this.heap = Array.from({ length: runs }, (_, run) => run);
    for (let index = (runs >> 1) - 1; index >= 0; index--) this.siftDown(index);
    return heads;
  }

  /** Restores the heap below `index`: a run whose head ranks first sits above its children. */
  private siftDown(index: number): void {
    const { heap, heads } = this;
    if (!heads) return;
    const headRow = (position: number) => at(this.order, at(heads, at(heap, position)));
    let parent = index;
    for (;;) {
      const left = parent * 2 + 1;
      if (left >= heap.length) return;
      const right = left + 1;
      const child = right < heap.length && this.before(headRow(right), headRow(left)) ? right : left;
      if (!this.before(headRow(child), headRow(parent))) return;
      [heap[parent], heap[child]] = [at(heap, child), at(heap, parent)];
      parent = child;
    }
  }

  private reserve(rows: number): void {
    if (rows <= this.order.length) return;
    let capacity = this.order.length;
    while (capacity < rows) capacity *= 2;
    this.referral = grown(this.referral, new Float64Array(capacity));
    this.coins = grown(this.coins, new Float64Array(capacity));
    this.created = grown(this.created, new Float64Array(capacity));
    this.idWords = grown(this.idWords, new Uint32Array(capacity * 4));
    this.order = grown(this.order, new Uint32Array(capacity));
  }
}

/**
 * The number at `index`, which the caller knows is in range (every index here is a row below
 * `size` or a run below the run count); `noUncheckedIndexedAccess` cannot see that, so a read
 * past the end is a bug and throws rather than ranking by `undefined`.
 */
function at(array: ArrayLike<number>, index: number): number {
  const value = array[index];
  if (value === undefined) throw new Error(`SlicedRanking: index ${index} out of range`);
  return value;
}

/** `bigger` holding `array`'s values at its start. */
function grown<T extends Float64Array | Uint32Array>(array: T, bigger: T): T {
  bigger.set(array);
  return bigger;
}

/** `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` into four words, most significant first. */
function writeUuid(words: Uint32Array, at: number, uuid: string): void {
  const hex = uuid.replaceAll('-', '');
  if (hex.length !== 32) throw new Error(`SlicedRanking: not a uuid: ${uuid}`);
  for (let word = 0; word < 4; word++)
    words[at + word] = Number.parseInt(hex.slice(word * 8, word * 8 + 8), 16);
}

function readUuid(words: Uint32Array, at: number): string {
  const hex = Array.from(words.subarray(at, at + 4), (word) => word.toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
