import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en-us',
  locales: ['en-us', 'zh-cn', 'ja-jp', 'zh-hk', 'fi-fi'],
  fallbackLocales: { default: 'en-us' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.tsx', '**/*.test.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
