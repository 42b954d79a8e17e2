/**
 * Latency samples in a preallocated Float64Array; past its capacity it keeps a uniform
 * reservoir (Algorithm R), so recording never allocates and percentiles stay unbiased.
 */
export class LatencyRecorder {
  private readonly samples: Float64Array;
  private stored = 0;
  /** Every sample offered, kept or not. */
  seen = 0;
  max = 0;

  constructor(capacity: number) {
    this.samples = new Float64Array(capacity);
  }

  record(ms: number) {
    this.seen++;
    if (ms > this.max) this.max = ms;
    if (this.stored < this.samples.length) {
      this.samples[this.stored++] = ms;
      return;
    }
    const slot = Math.floor(Math.random() * this.seen);
    if (slot < this.samples.length) this.samples[slot] = ms;
  }

  reset() {
    this.stored = 0;
    this.seen = 0;
    this.max = 0;
  }

  /** Percentiles (0..1) by nearest rank; NaN without samples. */
  percentiles(...ranks: number[]): number[] {
    if (this.stored === 0) return ranks.map(() => Number.NaN);
    const sorted = this.samples.slice(0, this.stored).sort();
    return ranks.map(
      (rank) => sorted[Math.min(this.stored - 1, Math.max(0, Math.ceil(rank * this.stored) - 1))]!,
    );
  }
}
