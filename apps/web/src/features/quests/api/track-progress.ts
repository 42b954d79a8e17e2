import { type TrackedProgress, trackedProgressSchema } from '@titans/shared/quests/schemas';
import { api } from '../../../lib/api-client.ts';

export interface TrackProgressBody {
  telegram_user_id: string;
  task_id: string;
  metadata?: {
    time_spent?: number;
    required_time?: number;
    completed?: boolean;
    action?: 'complete';
    quiz?: { quizId: string; score: number; completed: boolean };
  };
  status?: 'started' | 'completed';
}

/**
 * PUT /v1/task/track-progress: `status: 'started'` when a link opens, so the server times the
 * visit itself; the rest (time spent, a quiz score) is informative only.
 */
export function trackProgress(body: TrackProgressBody): Promise<TrackedProgress> {
  return api('/task/track-progress', trackedProgressSchema, { method: 'PUT', body });
}
