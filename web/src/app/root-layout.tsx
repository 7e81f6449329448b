import { defineMessages, useIntl } from 'react-intl';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { HydrateLater } from '../components/hydrate-later';
import { TURNS } from '../lib/hydration-turns';
import { SignedOutNotice } from '../components/signed-out-notice';
import { MediaUrlProvider } from '../lib/media-url';
import { AppStatus } from './app-status';
import { AppSwrProvider } from './swr-provider';
import { NavBar } from './nav-bar';

const messages = defineMessages({
  skip: { id: 'app.rootLayout.skip', defaultMessage: 'Skip to content' },
});

export function RootLayout() {
  const intl = useIntl();
  const navigation = useNavigation();
  return (
    <AppSwrProvider>
      <MediaUrlProvider>
        <a className="skip-link" href="#main">
          {intl.formatMessage(messages.skip)}
        </a>
        {navigation.state !== 'idle' ? <div className="progress" aria-hidden="true" /> : null}
        {/* Taken over in a task of its own on a rendered page (lib/hydration-turns.ts). */}
        <HydrateLater turn={TURNS.frame}>
          <NavBar />
        </HydrateLater>
        <AppStatus />
        {/* The screen's own first run, in a task apart from the providers' and the layout's. */}
        <HydrateLater turn={TURNS.screen}>
          <main id="main" className="main" tabIndex={-1}>
            <SignedOutNotice />
            <Outlet />
          </main>
        </HydrateLater>
        <ScrollRestoration />
      </MediaUrlProvider>
    </AppSwrProvider>
  );
}
