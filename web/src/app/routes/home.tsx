import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../../shared/constants';
import { DemoCredentials } from '../../components/demo-credentials';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { useSession } from '../../lib/use-session';

const messages = defineMessages({
  tagline: {
    id: 'app.home.tagline',
    defaultMessage: 'Catalogue your books, comics, movies, board games and everything else you collect, and lend them to friends.',
  },
  invitation: { id: 'app.home.invitation', defaultMessage: 'Sign in to manage your collections.' },
  signIn: { id: 'app.home.signIn', defaultMessage: 'Sign in' },
});

const valued = defineMessages<{ welcome: { username: string } }>({
  welcome: { id: 'app.home.welcome', defaultMessage: 'Welcome, {username}!' },
});

export default function HomeRoute() {
  const intl = useIntl();
  const session = useSession();
  usePageTitle();
  return (
    <div className="stack">
      <section className="hero">
        <h1 className="hero__title">{PRODUCT_NAME}</h1>
        <p className="hero__lead">{intl.formatMessage(messages.tagline)}</p>
        {session ? (
          <p className="hero__welcome">{intl.formatMessage(valued.welcome, { username: session.username })}</p>
        ) : (
          <p className="hero__invitation">
            <span>{intl.formatMessage(messages.invitation)}</span>
            <Link className="button" to={paths.login}>
              {intl.formatMessage(messages.signIn)}
            </Link>
          </p>
        )}
      </section>
      <DemoCredentials />
    </div>
  );
}
