import { create } from 'zustand';

/** spec-a §4 "Realtime socket": closed, connecting, connected. */
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
