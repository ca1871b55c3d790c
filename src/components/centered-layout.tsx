import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import appStoreBadge from '../assets/app-store-badge.svg';
import googlePlayBadge from '../assets/google-play-badge.svg';
import logoUrl from '../assets/logo.svg';
import { useIsChinaHost, usePublicConfig } from '../lib/public-config.ts';
import classes from './centered-layout.module.css';
import { LanguageSwitcher } from './language-switcher.tsx';

// The server's defaults too (IOS_APP_URL, ANDROID_APP_URL): the badges lead somewhere before the config arrives.
const APP_STORE_URL = 'https://apps.apple.com/';
const GOOGLE_PLAY_URL = 'https://play.google.com/store/apps';

/** Links under a form: side by side, stacked below 576 px (product.md §2.1 narrow layout). */
export function LinkRow({ children }: { children: ReactNode }) {
  return (
    <Group justify="space-between" className={classes.links}>
      {children}
    </Group>
  );
}

/** The unauthenticated pages' frame: logo to the provider's site, the page, then the app-download footer. */
export function CenteredLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const config = usePublicConfig();
  // The logo is square: its size is known before the file arrives, so nothing below it moves when it does.
  const logo = <img src={logoUrl} alt={t`Monitoring service`} width={70} height={70} className={classes.logo} />;
  return (
    <div className={classes.container}>
      <header>
        {config.providerSiteUrl ? (
          <a href={config.providerSiteUrl} aria-label={t`Go to the provider's website`}>
            {logo}
          </a>
        ) : (
          logo
        )}
      </header>
      <main className={classes.main}>{children}</main>
      <Footer
        iosAppUrl={config.iosAppUrl || APP_STORE_URL}
        androidAppUrl={config.androidAppUrl || GOOGLE_PLAY_URL}
        cnCompanyName={config.cnCompanyName}
        cnFilingNumbers={config.cnFilingNumbers}
      />
    </div>
  );
}

interface FooterProps {
  iosAppUrl: string;
  androidAppUrl: string;
  cnCompanyName: string | null;
  cnFilingNumbers: string | null;
}

function Footer({ iosAppUrl, androidAppUrl, cnCompanyName, cnFilingNumbers }: FooterProps) {
  const { t } = useLingui();
  const chinaHost = useIsChinaHost();
  return (
    <Stack component="footer" gap="sm" align="center">
      <Text size="sm" ta="center" c="dimmed">
        <Trans>Don't have the mobile app yet? Download it from the App Store or Google Play.</Trans>
      </Text>
      <Group gap="sm" justify="center" className={classes.links}>
        <Anchor href={iosAppUrl} target="_blank" rel="noopener noreferrer">
          <img
            src={appStoreBadge}
            alt={t`Download on the App Store`}
            width={185}
            height={60}
            className={classes.badge}
          />
        </Anchor>
        <Anchor href={androidAppUrl} target="_blank" rel="noopener noreferrer">
          <img src={googlePlayBadge} alt={t`Get it on Google Play`} width={185} height={60} className={classes.badge} />
        </Anchor>
      </Group>
      {chinaHost && (cnCompanyName || cnFilingNumbers) ? (
        <Text size="xs" c="dimmed" ta="center" data-testid="cn-filing">
          {cnCompanyName} {cnFilingNumbers}
        </Text>
      ) : null}
      <LanguageSwitcher />
    </Stack>
  );
}
