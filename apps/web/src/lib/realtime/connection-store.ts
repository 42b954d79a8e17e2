import { create } from 'zustand';

/** Realtime socket: closed, connecting, connected. */
export type ConnectionStatus = 'closed' | 'connecting' | 'connected';

interface ConnectionState {
  status: ConnectionStatus;
  setStatus(status: ConnectionStatus): void;
}

/** The realtime connection's state, for the connection dot and for gating taps. */
export const useConnection = create<ConnectionState>((set) => ({
  status: 'closed',
  setStatus: (status) => set({ status }),
}));

/**
 * Resolves once the connection is `connected`, or after `ms` when it is not by then: for work
 * that may wait for the socket but not for long.
 */
export function connectedOrAfter(ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (useConnection.getState().status === 'connected') return resolve();
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = useConnection.subscribe((state) => {
      if (state.status === 'connected') done();
    });
  });
}
