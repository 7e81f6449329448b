import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { DemoCredentials } from '@web/components/demo-credentials';
import { PasswordResetRequestForm } from '@web/features/auth/components/password-reset-request-form';
import { SignInForm } from '@web/features/auth/components/sign-in-form';
import { paths } from '@web/lib/paths';
import { usePageTitle } from '@web/lib/use-page-title';
import { useSession } from '@web/lib/use-session';

const messages = defineMessages({
  title: { id: 'app.login.title', defaultMessage: 'Sign in' },
  forgot: { id: 'app.login.forgot', defaultMessage: 'Forgot password?' },
  home: { id: 'app.login.home', defaultMessage: 'Go to the collections' },
});

const valued = defineMessages<{ already: { username: string } }>({
  already: { id: 'app.login.already', defaultMessage: 'You are signed in as {username}.' },
});

const RESET_FORM_ID = 'password-reset-request';

export default function LoginRoute() {
  const intl = useIntl();
  const session = useSession();
  const [forgotOpen, setForgotOpen] = useState(false);
  const title = intl.formatMessage(messages.title);
  usePageTitle(title);

  if (session) {
    return (
      <section className="card narrow">
        <h1>{title}</h1>
        <p>{intl.formatMessage(valued.already, { username: session.username })}</p>
        <Link className="button" to={paths.home()}>
          {intl.formatMessage(messages.home)}
        </Link>
      </section>
    );
  }

  return (
    <div className="stack narrow">
      <DemoCredentials />
      <section className="card" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">{title}</h1>
        <SignInForm />
        <p>
          <button
            type="button"
            className="link-button"
            aria-expanded={forgotOpen}
            aria-controls={RESET_FORM_ID}
            onClick={() => setForgotOpen((value) => !value)}
          >
            {intl.formatMessage(messages.forgot)}
          </button>
        </p>
      </section>
      <div id={RESET_FORM_ID} hidden={!forgotOpen}>
        {forgotOpen ? <PasswordResetRequestForm /> : null}
      </div>
    </div>
  );
}
