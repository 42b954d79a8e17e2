import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import {
  createBrowserRouter,
  createMemoryRouter,
  Link,
  Navigate,
  Outlet,
  type RouteObject,
  RouterProvider,
  useHistoryIndex,
  useLocation,
  useNavigate,
  useSearchParams,
} from './router.tsx';

afterEach(cleanup);

function Where() {
  const location = useLocation();
  const index = useHistoryIndex();
  return (
    <p data-testid="where" data-key={location.key} data-index={index()}>
      {location.pathname}
      {location.search}
    </p>
  );
}

function Shell() {
  return (
    <div>
      <Where />
      <Link to="/">Home</Link>
      <Link to="/fight">Fight</Link>
      <Link to="/tasks?tab=quiz">Quiz</Link>
      <main data-testid="outlet">
        <Outlet />
      </main>
    </div>
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function routes(extra: RouteObject[] = []): RouteObject[] {
  return [
    {
      path: '/',
      element: <Shell />,
      children: [
        { index: true, element: <p>home screen</p> },
        { path: '/fight', element: <p>fight screen</p> },
        { path: '/tasks', element: <Tasks /> },
        { path: '/buddies/:code', element: <Navigate to="/" replace /> },
        ...extra,
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}

function Tasks() {
  const [params, setParams] = useSearchParams();
  return (
    <div>
      <p>tab {params.get('tab') ?? 'all'}</p>
      <button type="button" onClick={() => setParams({ tab: 'daily' }, { replace: true })}>
        daily
      </button>
      <button type="button" onClick={() => setParams((previous) => ({ tab: `${previous.get('tab')}!` }))}>
        louder
      </button>
    </div>
  );
}

const where = () => screen.getByTestId('where');

describe('router (D-WEB-28)', () => {
  test('matches the index, absolute paths and parameters inside the parent, and sends any other path home', async () => {
    const router = createMemoryRouter(routes(), { initialEntries: ['/fight'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByText('fight screen')).toBeTruthy();
    expect(where().textContent).toBe('/fight');

    cleanup();
    render(<RouterProvider router={createMemoryRouter(routes(), { initialEntries: ['/nowhere'] })} />);
    expect(await screen.findByText('home screen')).toBeTruthy();
    expect(where().textContent).toBe('/');

    cleanup();
    render(<RouterProvider router={createMemoryRouter(routes(), { initialEntries: ['/buddies/abc'] })} />);
    expect(await screen.findByText('home screen')).toBeTruthy();
  });

  test('a link pushes an entry with a new key; a link to where the app is replaces it; Back returns', async () => {
    function BackButton() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate(-1)}>
          back
        </button>
      );
    }
    const router = createMemoryRouter(routes([{ path: '/back', element: <BackButton /> }]));
    render(<RouterProvider router={router} />);
    const firstKey = where().dataset.key;
    expect(where().dataset.index).toBe('0');

    fireEvent.click(screen.getByText('Fight'));
    expect(screen.getByText('fight screen')).toBeTruthy();
    expect(where().dataset.index).toBe('1');
    const fightKey = where().dataset.key;
    expect(fightKey).not.toBe(firstKey);

    fireEvent.click(screen.getByText('Fight'));
    expect(where().dataset.index).toBe('1');
    expect(where().dataset.key).not.toBe(fightKey);

    act(() => router.navigate('/back'));
    expect(where().dataset.index).toBe('2');
    fireEvent.click(screen.getByText('back'));
    expect(await screen.findByText('fight screen')).toBeTruthy();
    expect(where().dataset.index).toBe('1');
  });

  test('a modified click is left to the browser', () => {
    render(<RouterProvider router={createMemoryRouter(routes())} />);
    const link = screen.getByText('Fight');
    expect(link.getAttribute('href')).toBe('/fight');
    fireEvent.click(link, { ctrlKey: true });
    expect(screen.getByText('home screen')).toBeTruthy();
  });

  test('search parameters are read and set, replacing or pushing', () => {
    render(<RouterProvider router={createMemoryRouter(routes())} />);
    fireEvent.click(screen.getByText('Quiz'));
    expect(screen.getByText('tab quiz')).toBeTruthy();
    expect(where().dataset.index).toBe('1');
    fireEvent.click(screen.getByText('daily'));
    expect(screen.getByText('tab daily')).toBeTruthy();
    expect(where().textContent).toBe('/tasks?tab=daily');
    expect(where().dataset.index).toBe('1');
    fireEvent.click(screen.getByText('louder'));
    expect(screen.getByText('tab daily!')).toBeTruthy();
    expect(where().dataset.index).toBe('2');
  });

  test('a lazy screen is fetched on first visit while the current screen stays; later visits are at once', async () => {
    const chunk = deferred<{ Component: ComponentType }>();
    let loads = 0;
    const router = createMemoryRouter(
      routes([
        {
          path: '/market',
          lazy: () => {
            loads++;
            return chunk.promise;
          },
        },
      ]),
    );
    render(<RouterProvider router={router} />);
    act(() => router.navigate('/market'));
    // Still Home, at its own address, until the chunk is in: no empty frame.
    expect(screen.getByText('home screen')).toBeTruthy();
    expect(where().textContent).toBe('/');
    chunk.resolve({ Component: () => <p>market screen</p> });
    expect(await screen.findByText('market screen')).toBeTruthy();
    expect(where().textContent).toBe('/market');

    fireEvent.click(screen.getByText('Home'));
    act(() => router.navigate('/market'));
    expect(screen.getByText('market screen')).toBeTruthy();
    expect(loads).toBe(1);
  });

  test('a later navigation wins over an earlier one still loading; a failed load stays put', async () => {
    const slow = deferred<{ Component: ComponentType }>();
    const router = createMemoryRouter(
      routes([
        { path: '/slow', lazy: () => slow.promise },
        { path: '/broken', lazy: () => Promise.reject(new Error('chunk gone')) },
      ]),
    );
    render(<RouterProvider router={router} />);
    act(() => router.navigate('/slow'));
    fireEvent.click(screen.getByText('Fight'));
    await act(async () => slow.resolve({ Component: () => <p>slow screen</p> }));
    expect(screen.getByText('fight screen')).toBeTruthy();

    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      await act(async () => {
        router.navigate('/broken');
        await new Promise((done) => setTimeout(done, 0));
      });
    } finally {
      console.error = original;
    }
    expect(screen.getByText('fight screen')).toBeTruthy();
    expect(errors).toHaveLength(1);
  });

  test('the browser router keeps the position in history.state and follows Back', () => {
    window.history.replaceState(null, '', '/fight');
    const router = createBrowserRouter(routes());
    render(<RouterProvider router={router} />);
    expect(screen.getByText('fight screen')).toBeTruthy();
    expect(window.history.state).toMatchObject({ idx: 0, key: 'default' });

    fireEvent.click(screen.getByText('Quiz'));
    expect(window.location.pathname + window.location.search).toBe('/tasks?tab=quiz');
    expect(window.history.state).toMatchObject({ idx: 1 });

    // Back, as the browser does it: the entry changes, then popstate.
    act(() => {
      window.history.replaceState({ usr: null, key: 'default', idx: 0 }, '', '/fight');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByText('fight screen')).toBeTruthy();
    expect(where().dataset.index).toBe('0');
  });
});
