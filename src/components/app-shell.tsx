import { useEffect, type ReactNode } from 'react';
import { ActionIcon, Drawer, Group, Menu, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Navigate, useLocation } from 'react-router-dom';
import logoUrl from '../assets/logo.svg';
import { paths } from '../app/paths.ts';
import { loginReturningTo } from '../lib/return-to-login.ts';
import { usePublicConfig } from '../lib/public-config.ts';
import { cacheApiAccess, canSeeDeveloperMenu, readSessionClaims } from '../lib/session.ts';
import '../app/styles-shell.ts';
import classes from './app-shell.module.css';

/** The signed-in frame: top bar with the menu button and account menu, and the 300 px navigation drawer. */
export function AuthenticatedShell({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const location = useLocation();
  const [opened, drawer] = useDisclosure(false);
  const claims = readSessionClaims();
  const config = usePublicConfig();

  useEffect(() => {
    if (claims) cacheApiAccess(claims);
  }, [claims?.apiAccess]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!claims) {
    return <Navigate replace to={loginReturningTo(location)} />;
  }
  const developer = canSeeDeveloperMenu(claims);

  return (
    <>
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
      <Drawer opened={opened} onClose={drawer.close} size={300} title={t`Menu`}>
        <Stack gap={4} component="nav" aria-label={t`Main navigation`}>
          <NavLink component={Link} to={paths.deviceSessions} label={t`Device sessions`} onClick={drawer.close} />
          <NavLink component={Link} to={paths.authorizedApps} label={t`Authorized applications`} onClick={drawer.close} />
          {developer ? (
            <>
              <NavLink component={Link} to={paths.credentials} label={t`OAuth credentials`} onClick={drawer.close} />
              {config.faqUrl ? <NavLink href={config.faqUrl} target="_blank" rel="noopener noreferrer" label={t`FAQ`} /> : null}
              {config.apiDocsUrl ? (
                <NavLink href={config.apiDocsUrl} target="_blank" rel="noopener noreferrer" label={t`API documentation`} />
              ) : null}
            </>
          ) : null}
        </Stack>
      </Drawer>
      <main className={classes.content}>{children}</main>
    </>
  );
}

function MenuIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
