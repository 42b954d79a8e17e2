import { create } from 'zustand';

interface TrackedRequestsState {
  /** API calls marked `track` that are still in flight. */
  inFlight: number;
  begin(): void;
  end(): void;
}

/**
 * "Loading: it is on while any tracked API call is in flight and off when none
 * remain." The API client counts here; the root shows the loading screen while it is above 0.
 */
export const useTrackedRequests = create<TrackedRequestsState>((set) => ({
  inFlight: 0,
  begin: () => set((state) => ({ inFlight: state.inFlight + 1 })),
  end: () => set((state) => ({ inFlight: Math.max(0, state.inFlight - 1) })),
}));
