/**
 * The baseline of bench/bundle-size.ts: the mandated stack and nothing of ours, as the README's bench section names it
 * (React 19 + Mantine 9 + XState + React Router 7 on one page with Mantine's full stylesheet). One data-router route
 * renders a two-state machine through a form of the login page's Mantine inputs. No i18n, no API, no layout.
 */
import '@mantine/core/styles.css';
import { Button, MantineProvider, PasswordInput, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, RouterProvider } from 'react-router-dom';
import { setup } from 'xstate';

const machine = setup({}).createMachine({
  initial: 'editing',
  states: { editing: { on: { submit: 'submitted' } }, submitted: {} },
});

function Page() {
  const [state, send] = useMachine(machine);
  return (
    <MantineProvider>
      <TextInput label="Email" />
      <PasswordInput label="Password" />
      <Button onClick={() => send({ type: 'submit' })}>{String(state.value)}</Button>
      <Link to="/elsewhere">Elsewhere</Link>
    </MantineProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <RouterProvider router={createBrowserRouter([{ path: '/', element: <Page /> }])} />,
);
