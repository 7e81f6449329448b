import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import type { Locale } from '../../../shared/constants';
import { toIntlLocale } from '../i18n/locale';
import type { Messages } from '../i18n/load-messages';
import { routes } from './router';

export function App({ locale, messages }: { locale: Locale; messages: Messages }) {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <IntlProvider locale={toIntlLocale(locale)} defaultLocale="en-US" messages={messages}>
      <RouterProvider router={router} />
    </IntlProvider>
  );
}
