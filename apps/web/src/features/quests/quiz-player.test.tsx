import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { QuizProgress, QuizView, TaskView } from '@titans/shared/quests/schemas';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { envelope } from '../../../test/fixtures.ts';
import { Toaster } from '../../components/ui/toaster.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { setLaunchContext } from '../../lib/telegram/launch-context.ts';
import { QUIZ_PROGRESS_LOST, QuizPlayer } from './quiz-player.tsx';

const quiz: QuizView = {
  _id: 'titans-basics',
  title: 'Titans Basics',
  description: 'How the game works',
  questions: [
    { _id: 'q-1', question: 'First question?', options: [{ text: 'A' }, { text: 'B' }] },
    { _id: 'q-2', question: 'Second question?', options: [{ text: 'C' }, { text: 'D' }] },
  ],
};

const task: TaskView = {
  _id: 'quiz-titans-basics',
  title: 'Titans Basics',
  description: '',
  type: 'quiz',
  reward_points: 500,
  metadata: { quizId: 'titans-basics', required_time: 10, questions: 2, answered: 1 },
  status: 'in_progress',
  completed: false,
  started_at: null,
  reward_earned: null,
};

const savedProgress: QuizProgress = {
  quiz_id: 'titans-basics',
  task_id: task._id,
  answers: [{ question_id: 'q-1', selected_index: 0, is_correct: true, correct_index: 0, explanation: null }],
  correct: 1,
  total: 2,
  started_at: '2026-11-20T10:00:00.000Z',
  expires_at: '2026-11-27T10:00:00.000Z',
  completed: false,
};

function serve(progress: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/quiz/titans-basics/progress')) return progress();
      if (url.endsWith('/quiz/titans-basics')) return envelope(200, quiz);
      return envelope(404, null);
    }),
  );
}

function renderPlayer() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <QuizPlayer task={task} telegramUserId="2" onClose={() => {}} />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('quiz player: saved progress', () => {
  beforeEach(() => {
    setLaunchContext({ insideTelegram: false, rawInitData: 'hash=x', player: null, startParam: undefined });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  test('resumes where the saved progress left off', async () => {
    serve(() => envelope(200, savedProgress));
    renderPlayer();
    expect(await screen.findByText('Second question?')).toBeTruthy();
    expect(screen.getByText('Question 2 of 2')).toBeTruthy();
    expect(screen.queryByText(QUIZ_PROGRESS_LOST())).toBeNull();
  });

  test('when the saved progress cannot be loaded it says so and starts from the beginning', async () => {
    serve(() => envelope(500, null, { message: 'Internal server error', error: 'server/internal' }));
    renderPlayer();
    expect(await screen.findByText('Failed to load saved quiz. Starting from beginning.')).toBeTruthy();
    expect(await screen.findByText('First question?')).toBeTruthy();
    expect(screen.getByText('Question 1 of 2')).toBeTruthy();
    expect(screen.queryByText('Failed to load quiz questions. Please try again later.')).toBeNull();
  });

  test('when the quiz itself cannot be loaded it says so', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(500, null, { message: 'Internal server error', error: 'server/internal' })),
    );
    renderPlayer();
    expect(await screen.findByText('Failed to load quiz questions. Please try again later.')).toBeTruthy();
  });
});
