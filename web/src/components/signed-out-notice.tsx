// "You were signed out": shown once the server refused the stored session (revoked elsewhere, password
// changed, expired), over whatever page is now shown as a visitor, until dismissed or signed in again.
import { useSyncExternalStore } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../lib/paths';
import './signed-out-notice.css';
import { markSignedOut, subscribeSignedOut, wasSignedOut } from '../lib/session';

const messages = defineMessages({
  notice: {
    id: 'components.signedOutNotice.notice',
    defaultMessage: 'You were signed out: your session ended. You now see what visitors see.',
  },
  signIn: { id: 'components.signedOutNotice.signIn', defaultMessage: 'Sign in again' },
  dismiss: { id: 'components.signedOutNotice.dismiss', defaultMessage: 'Dismiss' },
});

export function SignedOutNotice() {
  const intl = useIntl();
  const location = useLocation();
  const shown = useSyncExternalStore(subscribeSignedOut, wasSignedOut, wasSignedOut);
  if (!shown) return null;
  const onLogin = location.pathname === paths.login();
  return (
    <div className="alert alert--warning signed-out-notice" role="status">
      <span>{intl.formatMessage(messages.notice)}</span>{' '}
      {onLogin ? null : (
        <Link to={paths.login()} state={{ from: `${location.pathname}${location.search}` }}>
          {intl.formatMessage(messages.signIn)}
        </Link>
      )}{' '}
      <button type="button" className="button button--small button--secondary" onClick={() => markSignedOut(false)}>
        {intl.formatMessage(messages.dismiss)}
      </button>
    </div>
  );
}
