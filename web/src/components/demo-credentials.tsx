import { defineMessages, useIntl } from 'react-intl';
import { useApiInfo } from '../lib/use-api-info';

const messages = defineMessages({
  title: { id: 'components.demoCredentials.title', defaultMessage: 'Demo' },
  intro: {
    id: 'components.demoCredentials.intro',
    defaultMessage: 'This is a demo: explore everything, nothing can be changed. Sign in with:',
  },
  username: { id: 'components.demoCredentials.username', defaultMessage: 'Username' },
  password: { id: 'components.demoCredentials.password', defaultMessage: 'Password' },
});

/** The well-known demo account, shown on the home and sign-in screens in demo mode. */
export function DemoCredentials() {
  const intl = useIntl();
  const { data } = useApiInfo();
  if (!data?.demo || !data.demoCredentials) return null;
  return (
    <aside className="card demo-credentials" aria-labelledby="demo-credentials-title">
      <h2 id="demo-credentials-title">{intl.formatMessage(messages.title)}</h2>
      <p>{intl.formatMessage(messages.intro)}</p>
      <dl className="demo-credentials__list">
        <dt>{intl.formatMessage(messages.username)}</dt>
        <dd>
          <code>{data.demoCredentials.username}</code>
        </dd>
        <dt>{intl.formatMessage(messages.password)}</dt>
        <dd>
          <code>{data.demoCredentials.password}</code>
        </dd>
      </dl>
    </aside>
  );
}
