import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWideScreen } from './use-wide-screen.ts';

/** A screen of the given width whose media query listeners the test can fire. */
function screenOf(width: number) {
  const listeners = new Set<() => void>();
  let matches = width >= 576;
  const asked: string[] = [];
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    asked.push(query);
    return {
      get matches() {
        return matches;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    } as unknown as MediaQueryList;
  });
  return {
    asked,
    listeners,
    resize(to: number) {
      matches = to >= 576;
      for (const listener of listeners) listener();
    },
  };
}

let renders = 0;
function Probe({ needed }: { needed: boolean }) {
  renders++;
  return <p>{useWideScreen(needed) ? 'wide' : 'narrow'}</p>;
}

afterEach(() => {
  vi.restoreAllMocks();
  renders = 0;
});

describe('useWideScreen', () => {
  it('answers from the screen when the answer is needed, and follows it', () => {
    const phone = screenOf(375);
    render(<Probe needed />);
    expect(screen.getByText('narrow')).toBeInTheDocument();
    expect(phone.asked).toContain('(min-width: 576px)');
    act(() => phone.resize(800));
    expect(screen.getByText('wide')).toBeInTheDocument();
  });

  it('does not ask the screen, nor listen to it, when nothing depends on it: no render on a phone for nothing', () => {
    const phone = screenOf(375);
    const { unmount } = render(<Probe needed={false} />);
    expect(screen.getByText('wide')).toBeInTheDocument();
    expect(phone.asked).toEqual([]);
    expect(phone.listeners.size).toBe(0);
    expect(renders).toBe(1);
    unmount();
  });

  it('stops listening when it is no longer needed or unmounted', () => {
    const phone = screenOf(375);
    const { rerender, unmount } = render(<Probe needed />);
    expect(phone.listeners.size).toBe(1);
    rerender(<Probe needed={false} />);
    expect(phone.listeners.size).toBe(0);
    expect(screen.getByText('wide')).toBeInTheDocument();
    rerender(<Probe needed />);
    expect(screen.getByText('narrow')).toBeInTheDocument();
    unmount();
    expect(phone.listeners.size).toBe(0);
  });
});
