// Shown instead of a page when its data could not be fetched for lack of network: not an error, a state.
import { WifiOff } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import { usePageTitle } from '../lib/use-page-title';
import './offline.css';

export const offlineMessages = defineMessages({
  title: { id: 'components.offlineScreen.title', defaultMessage: 'You are offline' },
  text: {
    id: 'components.offlineScreen.text',
    defaultMessage:
      'Vitrine needs the network to show collections: their data is never stored on this device. This page will work again once you are back online.',
  },
  retry: { id: 'components.offlineScreen.retry', defaultMessage: 'Try again' },
});

export function OfflineScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(offlineMessages.title));
  return (
    <section className="screen-message card offline-screen" role="status" data-testid="offline-screen">
      <WifiOff className="offline-screen__icon" aria-hidden="true" focusable="false" />
      <h1>{intl.formatMessage(offlineMessages.title)}</h1>
      <p>{intl.formatMessage(offlineMessages.text)}</p>
      <p>
        <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
          {intl.formatMessage(offlineMessages.retry)}
        </button>
      </p>
    </section>
  );
}
