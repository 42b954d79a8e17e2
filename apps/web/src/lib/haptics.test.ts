import { beforeEach, describe, expect, test, vi } from 'vitest';

const feedback = vi.hoisted(() => ({
  impactOccurred: { ifAvailable: vi.fn() },
  notificationOccurred: { ifAvailable: vi.fn() },
  selectionChanged: { ifAvailable: vi.fn() },
}));
vi.mock('@tma.js/sdk-react', () => ({ hapticFeedback: feedback }));

import { haptics } from './haptics.ts';
import { setLaunchContext } from './telegram/launch-context.ts';

const context = (insideTelegram: boolean) =>
  setLaunchContext({ insideTelegram, rawInitData: undefined, player: null, startParam: undefined });

describe('haptics: the seven kinds', () => {
  beforeEach(() => vi.clearAllMocks());

  test('does nothing outside Telegram', () => {
    context(false);
    for (const kind of Object.values(haptics)) kind();
    expect(feedback.impactOccurred.ifAvailable).not.toHaveBeenCalled();
    expect(feedback.notificationOccurred.ifAvailable).not.toHaveBeenCalled();
    expect(feedback.selectionChanged.ifAvailable).not.toHaveBeenCalled();
  });

  test('inside Telegram maps the seven kinds to impact, notification and selection feedback', () => {
    context(true);
    haptics.light();
    haptics.medium();
    haptics.heavy();
    haptics.success();
    haptics.warning();
    haptics.error();
    haptics.selection();
    expect(feedback.impactOccurred.ifAvailable.mock.calls).toEqual([['light'], ['medium'], ['heavy']]);
    expect(feedback.notificationOccurred.ifAvailable.mock.calls).toEqual([
      ['success'],
      ['warning'],
      ['error'],
    ]);
    expect(feedback.selectionChanged.ifAvailable).toHaveBeenCalledOnce();
  });
});
