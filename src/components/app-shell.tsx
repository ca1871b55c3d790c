import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Drawer, Group, Menu, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMachine } from '@xstate/react';
import { type MouseEvent, type ReactNode, useEffect, useRef } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { type SessionUser, sessionCheckMachine } from '#machines/session-check/session-check.machine.ts';
import type { SessionClaims } from '#shared-domain/login.ts';
import { paths } from '../app/paths.ts';
import logoUrl from '../assets/logo.svg';
import { usePublicConfig } from '../lib/public-config.ts';
import { loginReturningTo, useReturnToLoginWhen } from '../lib/return-to-login.ts';
import { cacheApiAccess, canSeeDeveloperMenu, readSessionClaims } from '../lib/session.ts';
import { checkSession, confirmedSessionCheck, rememberSessionCheck } from '../lib/session-check.ts';
import { useProvidedMachine } from '../lib/use-provided-machine.ts';
import '../app/styles-shell.ts';
import classes from './app-shell.module.css';
import { SessionCheckFailed } from './session-check-failed.tsx';
import { SessionChecking } from './session-checking.tsx';
import { SessionEnded } from './session-ended.tsx';

/**
 * The signed-in frame of every signed-in page. Without the claims cookie there is no session to ask about: straight
 * to login. With it, the server confirms the session first (once per page load, see lib/session-check.ts); until
 * then nothing signed-in shows, and the page's own content (and its requests) start only once it is confirmed.
 */
export function AuthenticatedShell({ children }: { children: ReactNode }) {
  const location = useLocation();
  const claims = readSessionClaims();
  if (!claims) return <Navigate replace to={loginReturningTo(location)} />;
  return <SessionGate claims={claims}>{children}</SessionGate>;
}

/** Owns the session-check actor and picks the view for its state. */
function SessionGate({ claims, children }: { claims: SessionClaims; children: ReactNode }) {
  const machine = useProvidedMachine(sessionCheckMachine, {
    actors: { checkSession },
  });
  const [state, send, actor] = useMachine(machine, { snapshot: confirmedSessionCheck(claims) });
  const signedIn = state.matches('signedIn');
  const ended = state.matches('sessionEnded');

  // Remembered when the server confirms, not whenever this shows signedIn: a shell restored from the remembered
  // answer must not remember it again after its page has learnt that the session ended (child effects run first).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the claims are the ones this actor was started with; a later render's must not re-subscribe it
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.matches('signedIn')) rememberSessionCheck(claims, actor.getPersistedSnapshot());
    });
    return () => subscription.unsubscribe();
  }, [actor]);
  useReturnToLoginWhen(ended);

  if (state.matches('failed')) return <SessionCheckFailed onRetry={() => send({ type: 'session.retry' })} />;
  if (ended) return <SessionEnded />;
  if (!signedIn || !state.context.user) return <SessionChecking />;
  return <ShellFrame user={state.context.user}>{children}</ShellFrame>;
}

/** signedIn: top bar with the menu button and account menu, and the 300 px navigation drawer. */
function ShellFrame({ user, children }: { user: SessionUser; children: ReactNode }) {
  const { t } = useLingui();
  const [opened, drawer] = useDisclosure(false);
  const config = usePublicConfig();
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  // Marks the drawer link of the page on screen, for sight (active) and for screen readers (aria-current).
  const current = (path: string) => (pathname === path ? ({ active: true, 'aria-current': 'page' } as const) : {});
  // Focus moves with the jump, so the next Tab continues inside the page, not back in the header.
  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
  };

  useEffect(() => {
    cacheApiAccess(user);
  }, [user]);

  // The server's flags, not the cookie's: they are what the developer pages will be allowed.
  const developer = canSeeDeveloperMenu(user);

  return (
    <>
      <a href={`#${MAIN_ID}`} className={classes.skipLink} onClick={skipToContent}>
        <Trans>Skip to content</Trans>
      </a>
      <header className={classes.header}>
        <Group gap="sm">
          <ActionIcon variant="subtle" size="lg" aria-label={t`Open navigation menu`} onClick={drawer.open}>
            <MenuIcon />
          </ActionIcon>
          <img src={logoUrl} alt="" className={classes.logo} />
        </Group>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <UnstyledButton aria-label={t`Account menu`}>
              <Text fw={600}>
                <Trans>Account</Trans>
              </Text>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={paths.logout}>
              <Trans>Logout</Trans>
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </header>
      <Drawer
        opened={opened}
        onClose={drawer.close}
        size={300}
        title={t`Menu`}
        closeButtonProps={{ 'aria-label': t`Close navigation menu` }}
      >
        <Stack gap={4} component="nav" aria-label={t`Main navigation`}>
          <NavLink
            component={Link}
            to={paths.deviceSessions}
            label={t`Device sessions`}
            onClick={drawer.close}
            {...current(paths.deviceSessions)}
          />
          <NavLink
            component={Link}
            to={paths.authorizedApps}
            label={t`Authorized applications`}
            onClick={drawer.close}
            {...current(paths.authorizedApps)}
          />
          {developer ? (
            <>
              <NavLink
                component={Link}
                to={paths.credentials}
                label={t`OAuth credentials`}
                onClick={drawer.close}
                {...current(paths.credentials)}
              />
              {config.faqUrl ? (
                <NavLink href={config.faqUrl} target="_blank" rel="noopener noreferrer" label={t`FAQ`} />
              ) : null}
              {config.apiDocsUrl ? (
                <NavLink
                  href={config.apiDocsUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  label={t`API documentation`}
                />
              ) : null}
            </>
          ) : null}
        </Stack>
      </Drawer>
      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className={classes.content}>
        {children}
      </main>
    </>
  );
}

const MAIN_ID = 'main-content';

function MenuIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
