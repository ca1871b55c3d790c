import { render, renderHook, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useMachine } from '@xstate/react';
import { describe, expect, it, vi } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { useProvidedMachine } from './use-provided-machine.ts';

// A page-shaped machine: it loads through an actor, then asks a guard and reports through an action on each press.
const pressMachine = setup({
  types: { context: {} as { loaded: string; presses: number }, events: {} as { type: 'press' } | { type: 'reload' } },
  actors: { load: fromPromise<string>(async () => 'placeholder') },
  actions: { report: () => {}, count: assign({ presses: ({ context }) => context.presses + 1 }) },
  guards: { isOpen: () => false },
}).createMachine({
  context: { loaded: '', presses: 0 },
  initial: 'loading',
  states: {
    loading: {
      invoke: { src: 'load', onDone: { target: 'ready', actions: assign({ loaded: ({ event }) => event.output }) } },
    },
    ready: { on: { press: { guard: 'isOpen', actions: ['report', 'count'] }, reload: 'loading' } },
  },
});

type Props = { label: string; open: boolean; loaded: string; onReport: (label: string) => void };

function Presser({ label, open, loaded, onReport }: Props) {
  const machine = useProvidedMachine(pressMachine, {
    actions: { report: () => onReport(label) },
    guards: { isOpen: () => open },
    actors: { load: fromPromise(async () => loaded) },
  });
  const [state, send] = useMachine(machine);
  return (
    <>
      <button type="button" onClick={() => send({ type: 'press' })}>
        {state.matches('loading') ? 'loading' : state.context.loaded} {state.context.presses}
      </button>
      <button type="button" onClick={() => send({ type: 'reload' })}>
        Reload
      </button>
    </>
  );
}

describe('useProvidedMachine', () => {
  it('gives the same machine on every render, so the actor is not restarted', () => {
    const { result, rerender } = renderHook(
      ({ open }) => useProvidedMachine(pressMachine, { guards: { isOpen: () => open } }),
      {
        initialProps: { open: false },
      },
    );
    const first = result.current;
    rerender({ open: true });
    expect(result.current).toBe(first);
    expect(result.current).not.toBe(pressMachine);
  });

  it('calls the latest render’s actions and guards', async () => {
    const onReport = vi.fn();
    const props: Props = { label: 'first', open: false, loaded: 'first load', onReport };
    const { rerender } = render(<Presser {...props} />);
    const button = await screen.findByRole('button', { name: 'first load 0' });

    // Closed on the first render: the guard must see the later `open`, not the one the machine was provided with.
    rerender(<Presser {...props} label="second" open loaded="second load" />);
    await userEvent.click(button);

    expect(onReport).toHaveBeenCalledExactlyOnceWith('second');
    // The built-in `count` reached the machine as it is.
    expect(button).toHaveTextContent('first load 1');
  });

  it('runs the first render’s actors, like the first render’s input', async () => {
    const { rerender } = render(<Presser label="a" open={false} loaded="first load" onReport={vi.fn()} />);
    await screen.findByRole('button', { name: 'first load 0' });
    rerender(<Presser label="a" open={false} loaded="second load" onReport={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('button', { name: 'first load 0' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /second load/ })).not.toBeInTheDocument();
  });

  it('follows a guard that closes again', async () => {
    const onReport = vi.fn();
    const { rerender } = render(<Presser label="a" open loaded="x" onReport={onReport} />);
    const button = await screen.findByRole('button', { name: 'x 0' });
    rerender(<Presser label="a" open={false} loaded="x" onReport={onReport} />);
    await userEvent.click(button);
    expect(onReport).not.toHaveBeenCalled();
    expect(button).toHaveTextContent('x 0');
  });
});
