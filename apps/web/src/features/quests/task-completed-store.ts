import { create } from 'zustand';

/** "The reward shown is 100 by default." */
export const DEFAULT_TASK_REWARD = 100;

export interface CompletedTask {
  title: string;
  reward: number;
}

interface TaskCompletedState {
  completed: CompletedTask | null;
  /** Opens the popup (the tasks feature calls it for a pending completed external task). */
  show(task: { title: string; reward?: number }): void;
  close(): void;
}

export const useTaskCompleted = create<TaskCompletedState>((set) => ({
  completed: null,
  show: ({ title, reward }) => set({ completed: { title, reward: reward ?? DEFAULT_TASK_REWARD } }),
  close: () => set({ completed: null }),
}));
