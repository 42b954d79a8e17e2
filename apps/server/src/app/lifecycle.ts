import type { FastifyBaseLogger } from 'fastify';

/**
 * What the app started and must stop, in the order it started: close() stops them in reverse, so
 * what was opened first (the cluster's connections, the database) closes last and everything
 * that uses it has stopped before (the tap flush before the database, jobs before their services).
 */
export class Lifecycle {
  private readonly parts: Array<{ name: string; stop: () => unknown }> = [];

  add(name: string, stop: () => unknown): void {
    this.parts.push({ name, stop });
  }

  /** Stops every part, last started first; one that fails is logged and the rest still stop. */
  async close(logger: FastifyBaseLogger): Promise<void> {
    for (const part of this.parts.splice(0).reverse()) {
      try {
        await part.stop();
      } catch (error) {
        logger.error({ err: error, part: part.name }, 'stopping a part of the app failed');
      }
    }
  }
}
