/**
 * Errors that cross layers: thrown below (taps, cluster) and recognised above (the money gateway,
 * the socket dispatcher), so they live here rather than in either.
 */

/** The database could not take a user's pending taps; the change that needed them must wait. */
export class TapsNotDurableError extends Error {
  constructor() {
    super('Pending taps could not be written');
    this.name = 'TapsNotDurableError';
  }
}

/** A request to another process got no answer in time (it died, paused, or Redis is away). */
export class NodeUnreachableError extends Error {
  constructor(
    readonly node: string,
    readonly kind: string,
  ) {
    super(`node ${node} did not answer ${kind}`);
    this.name = 'NodeUnreachableError';
  }
}
