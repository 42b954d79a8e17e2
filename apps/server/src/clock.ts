/** The app's clock: time in ms. Tests pass their own to move time without rewriting rows. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
