import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-page-title';

const messages = defineMessages({
  title: { id: 'components.notFoundScreen.title', defaultMessage: 'Page not found' },
  text: { id: 'components.notFoundScreen.text', defaultMessage: 'This page does not exists.' },
  home: { id: 'components.notFoundScreen.home', defaultMessage: 'Back to the collections' },
});

export function NotFoundScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(messages.title));
  return (
    <section className="screen-message card">
      <p className="screen-message__code" aria-hidden="true">
        404
      </p>
      <h1>{intl.formatMessage(messages.text)}</h1>
      <p>
        <Link to={paths.home()}>{intl.formatMessage(messages.home)}</Link>
      </p>
    </section>
  );
}
