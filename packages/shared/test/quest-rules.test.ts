import { describe, expect, it } from 'vitest';
import {
  clientTaskType,
  formatReward,
  nextDailyDay,
  quizHeadline,
  quizProgressExpired,
  quizReward,
  taskButtonLabel,
  visitCheck,
} from '../src/quests/rules.ts';

describe('quest rules', () => {
  it('maps catalogue types to the wire; anything else is daily', () => {
    expect(['QUIZ', 'COMMUNITY', 'WATCH', 'DAILY', 'OTHER'].map(clientTaskType)).toEqual([
      'quiz',
      'community',
      'watch_and_earn',
      'daily',
      'daily',
    ]);
  });

  it('labels task buttons as the spec says', () => {
    const label = (type: Parameters<typeof taskButtonLabel>[0]['type'], title = 'Task', extra = {}) =>
      taskButtonLabel({ type, title, completed: false, ...extra });
    expect(label('quiz')).toBe('Start Quiz');
    expect(label('quiz', 'Quiz', { quizInProgress: true })).toBe('Continue');
    expect(label('community', 'Subscribe on YouTube')).toBe('Watch Now');
    expect(label('community', 'Titans Crash Course')).toBe('Watch Now');
    expect(label('community', 'Join the channel')).toBe('Follow');
    expect(label('watch_and_earn')).toBe('Play Now');
    expect(label('daily')).toBe('Claim');
    expect(taskButtonLabel({ type: 'quiz', title: 'x', completed: true })).toBe('Claimed');
  });

  it('Q2 a visit needs a recorded start and the required seconds', () => {
    expect(visitCheck(null, 50_000, 10)).toEqual({ ok: false, reason: 'not-started' });
    expect(visitCheck(0, 9_500, 10)).toEqual({ ok: false, reason: 'too-early', remaining: 1 });
    expect(visitCheck(0, 10_000, 10)).toEqual({ ok: true });
  });

  it('Q3 a quiz pays in proportion to its checked answers and never more', () => {
    expect(quizReward(500, 5, 5)).toBe(500);
    expect(quizReward(500, 2, 5)).toBe(200);
    expect(quizReward(500, 9, 5)).toBe(500);
    expect(quizReward(750, 1, 3)).toBe(250);
    expect([quizHeadline(5, 5), quizHeadline(3, 5), quizHeadline(2, 5)]).toEqual([
      'Perfect Score!',
      'Good Job!',
      'Keep Practicing!',
    ]);
  });

  it('Q4 quiz progress expires after 7 days', () => {
    const day = 86_400_000;
    expect(quizProgressExpired(0, 7 * day)).toBe(false);
    expect(quizProgressExpired(0, 7 * day + 1)).toBe(true);
  });

  it('Q5 the streak continues from yesterday, resets after a gap, caps at 30', () => {
    expect(nextDailyDay(null, '2026-11-20')).toBe(1);
    expect(nextDailyDay({ day: 4, claimedOn: '2026-11-20' }, '2026-11-20')).toBeNull();
    expect(nextDailyDay({ day: 4, claimedOn: '2026-11-19' }, '2026-11-20')).toBe(5);
    expect(nextDailyDay({ day: 4, claimedOn: '2026-11-18' }, '2026-11-20')).toBe(1);
    expect(nextDailyDay({ day: 30, claimedOn: '2026-11-19' }, '2026-11-20')).toBe(30);
    expect(nextDailyDay({ day: 3, claimedOn: '2026-12-31' }, '2027-01-01')).toBe(4);
  });

  it('shows rewards of 1000 or more as K', () => {
    expect([999, 1000, 1500, 1250, 25_000].map(formatReward)).toEqual(['999', '1K', '1.5K', '1.3K', '25K']);
  });
});
