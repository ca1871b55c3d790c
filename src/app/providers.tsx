import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { i18n } from './i18n.ts';
import { cssVariablesResolver, theme } from './theme.ts';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </MantineProvider>
  );
}
