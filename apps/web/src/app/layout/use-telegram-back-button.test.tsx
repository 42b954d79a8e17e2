import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

const sdk = vi.hoisted(() => {
  const clicks: Array<() => void> = [];
  return {
    clicks,
    backButton: {
      show: { ifAvailable: vi.fn() },
      hide: { ifAvailable: vi.fn() },
      onClick: {
        ifAvailable: vi.fn((listener: () => void) => {
          clicks.push(listener);
          return { ok: true, data: () => clicks.splice(clicks.indexOf(listener), 1) };
        }),
      },
    },
  };
});
vi.mock('@tma.js/sdk-react', () => ({ backButton: sdk.backButton, hapticFeedback: {} }));

import { createMemoryRouter, RouterProvider, useLocation } from '../../lib/router/router.tsx';
import { useTelegramBackButton } from './use-telegram-back-button.ts';

function Page() {
  useTelegramBackButton();
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderAt(entries: string[]) {
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], {
    initialEntries: entries,
    initialIndex: entries.length - 1,
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('Telegram BackButton', () => {
  beforeEach(() => {
    sdk.clicks.length = 0;
    vi.clearAllMocks();
  });
  afterEach(cleanup);

  test('is hidden on the five navigation roots', () => {
    for (const path of ['/', '/tasks', '/invite', '/fight', '/marketplace']) {
      renderAt([path]);
      expect(sdk.backButton.hide.ifAvailable).toHaveBeenCalled();
      expect(sdk.backButton.show.ifAvailable).not.toHaveBeenCalled();
      cleanup();
      vi.clearAllMocks();
    }
  });

  test('shows on a sub-page and goes back, to Home when the page was opened directly', async () => {
    renderAt(['/diamonds']);
    expect(sdk.backButton.show.ifAvailable).toHaveBeenCalled();
    expect(sdk.clicks).toHaveLength(1);
    sdk.clicks[0]!();
    expect(await screen.findByText('/')).toBeTruthy();
    // Back on a root: the button is hidden and its listener removed (by an effect, which may run
    // after the new page is on screen).
    await waitFor(() => expect(sdk.backButton.hide.ifAvailable).toHaveBeenCalled());
    expect(sdk.clicks).toHaveLength(0);
  });
});
