import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { RouterProvider } from 'react-router-dom';
import type { createBrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { SWRConfiguration } from 'swr';
import type { Locale } from '@shared/constants';
import { toIntlLocale } from '../i18n/locale';
import { useMessages } from '../i18n/load-messages';
import { hydrationTurnsPassed } from '../lib/hydration-turns';
import type { Messages } from '../i18n/load-messages';

/** The language and the data a page starts with, the same around the browser's router and the Worker's. */
export function AppProviders({
  locale,
  messages,
  swr,
  children,
}: {
  locale: Locale;
  messages: Messages;
  swr: SWRConfiguration;
  children: ReactNode;
}) {
  return (
    <IntlProvider locale={toIntlLocale(locale)} defaultLocale="en-US" messages={messages}>
      <SWRConfig value={swr}>{children}</SWRConfig>
    </IntlProvider>
  );
}

export function App({
  locale,
  router,
  swr = {},
}: {
  locale: Locale;
  router: ReturnType<typeof createBrowserRouter>;
  swr?: SWRConfiguration;
}) {
  // The page is the app's from here on (a rendered page's buttons answer): said for browser tests.
  // A rendered page's cards are taken over in turns after the rest (lib/hydration-turns.ts).
  useEffect(() => {
    void hydrationTurnsPassed().then(() => (document.documentElement.dataset.app = 'ready'));
  }, []);
  // Grows as screens bring their messages (i18n/load-messages.ts).
  const messages = useMessages();
  return (
    <AppProviders locale={locale} messages={messages} swr={swr}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
