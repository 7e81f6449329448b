import { RefreshCw } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import { usePageTitle } from '../lib/use-page-title';
import { Button } from './button';

const messages = defineMessages({
  title: { id: 'components.serverErrorScreen.title', defaultMessage: 'Oops, an error occured!' },
  retry: { id: 'components.serverErrorScreen.retry', defaultMessage: 'Please retry.' },
  reload: { id: 'components.serverErrorScreen.reload', defaultMessage: 'Reload the page' },
});

export function ServerErrorScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(messages.title));
  return (
    <section className="screen-message card" role="alert">
      <p className="screen-message__code" aria-hidden="true">
        500
      </p>
      <h1>{intl.formatMessage(messages.title)}</h1>
      <p>{intl.formatMessage(messages.retry)}</p>
      <p>
        <Button variant="secondary" icon={RefreshCw} onClick={() => window.location.reload()}>
          {intl.formatMessage(messages.reload)}
        </Button>
      </p>
    </section>
  );
}
