import { TOAST_MS } from '@titans/shared/constants';
import { create } from 'zustand';

export type ToastTone = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

interface ToastState {
  toasts: Toast[];
  show(message: string, tone?: ToastTone, durationMs?: number): number;
  dismiss(id: number): void;
}

let nextId = 1;

/** Short messages over the screen, gone after 3 s by default. */
export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  show(message, tone = 'info', durationMs = TOAST_MS) {
    const id = nextId++;
    // At most three at a time: the oldest leaves first.
    set((state) => ({ toasts: [...state.toasts.slice(-2), { id, message, tone }] }));
    setTimeout(() => get().dismiss(id), durationMs);
    return id;
  },
  dismiss(id) {
    set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
  },
}));

/** `toast.success('Background updated successfully!')` shows the green toast, `toast.error` the red one. */
export const toast = {
  success: (message: string, durationMs?: number) =>
    useToasts.getState().show(message, 'success', durationMs),
  error: (message: string, durationMs?: number) => useToasts.getState().show(message, 'error', durationMs),
  info: (message: string, durationMs?: number) => useToasts.getState().show(message, 'info', durationMs),
};
