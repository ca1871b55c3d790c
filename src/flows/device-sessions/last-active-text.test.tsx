import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '#tests/support/render.tsx';
import { LastActiveText } from './last-active-text.tsx';

const NOW = Date.UTC(2026, 10, 22, 12);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('Last active column text', () => {
  it.each([
    ['59 min 59 s', '< Hour', 59 * MINUTE + 59_000],
    ['60 min', '1 Hour', 60 * MINUTE],
    ['60 min 1 s', '2 Hours', 60 * MINUTE + 1_000],
    ['119 min', '2 Hours', 119 * MINUTE],
    ['47 h 59 min', '48 Hours', 47 * HOUR + 59 * MINUTE],
    ['48 h', '2 Days', 48 * HOUR],
    ['72.5 h', '3 Days', 72.5 * HOUR],
    ['10 days', '10 Days', 240 * HOUR],
  ])('last used %s ago reads %s', async (_label, text, elapsed) => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <span data-testid="last-active">
              <LastActiveText at={NOW - elapsed} now={NOW} />
            </span>
          ),
        },
      ],
      '/',
    );
    expect(await screen.findByTestId('last-active')).toHaveTextContent(new RegExp(`^${text}$`));
  });
});
