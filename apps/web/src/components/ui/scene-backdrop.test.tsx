import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DEFAULT_BACKGROUND_PICTURE } from '@titans/shared/constants';
import { afterEach, expect, test } from 'vitest';
import { SceneBackdrop } from './scene-backdrop.tsx';

afterEach(cleanup);

const SOFT = '/background-splash.webp';
const sources = (container: HTMLElement) =>
  [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));

test('D-WEB-43 the default background has its soft copy beneath it until it has loaded', () => {
  const { container } = render(<SceneBackdrop />);
  expect(sources(container)).toEqual([SOFT, DEFAULT_BACKGROUND_PICTURE]);
  fireEvent.load(screen.getByTestId('scene-backdrop'));
  expect(sources(container)).toEqual([DEFAULT_BACKGROUND_PICTURE]);
});

test('D-WEB-43 a realm the player chose is drawn without the soft default', () => {
  const { container } = render(<SceneBackdrop url="/art/realms/volcano.webp" />);
  expect(sources(container)).not.toContain(SOFT);
  expect(sources(container)).toHaveLength(1);
});
