// Above every screen: "you are offline" while the network is gone, and a choice to reload when a new
// version of the app has been installed in the background (never a reload the person did not ask for).
import { RefreshCw, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import '../components/offline.css';
import { useOnline } from '../lib/use-online';

const messages = defineMessages({
  offline: {
    id: 'app.appStatus.offline',
    defaultMessage: 'You are offline. Collections will show again once you are back online.',
  },
  update: { id: 'app.appStatus.update', defaultMessage: 'A new version of Vitrine is ready.' },
  reload: { id: 'app.appStatus.reload', defaultMessage: 'Reload to update' },
});

function useUpdateWaiting(): [boolean, () => void] {
  const [waiting, setWaiting] = useState(false);
  const [apply, setApply] = useState<() => void>(() => () => {});
  useEffect(() => {
    let unsubscribe = () => {};
    let cancelled = false;
    // Loaded after the first screen: registration is not needed to show it.
    void import('../lib/service-worker').then((sw) => {
      if (cancelled) return;
      sw.registerServiceWorker();
      unsubscribe = sw.onUpdateWaiting(setWaiting);
      setApply(() => sw.applyUpdate);
    });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, []);
  return [waiting, apply];
}

export function AppStatus() {
  const intl = useIntl();
  const online = useOnline();
  const [updateWaiting, applyUpdate] = useUpdateWaiting();
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <div className="app-status" data-testid="offline-banner">
          <p>
            <WifiOff className="app-status__icon" aria-hidden="true" focusable="false" />
            {intl.formatMessage(messages.offline)}
          </p>
        </div>
      )}
      {updateWaiting ? (
        <div className="app-status app-status--update">
          <p>
            <RefreshCw className="app-status__icon" aria-hidden="true" focusable="false" />
            {intl.formatMessage(messages.update)}
          </p>
          <button type="button" className="button button--secondary" onClick={applyUpdate}>
            {intl.formatMessage(messages.reload)}
          </button>
        </div>
      ) : null}
    </div>
  );
}
