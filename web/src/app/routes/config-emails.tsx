// Configuration → Emails: how the instance sends its emails, and a test email (docs/product.md §2).
import { defineMessages, useIntl } from 'react-intl';
import { DemoNotice } from '@web/components/demo-notice';
import { Loading } from '@web/components/loading';
import { PageError } from '@web/components/page-error';
import { useEmailSettings } from '@web/features/settings/api/email-settings';
import { EmailSettingsForm } from '@web/features/settings/components/email-settings-form';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { usePageTitle } from '@web/lib/use-page-title';

const messages = defineMessages({ title: { id: 'app.configEmails.title', defaultMessage: 'Emails' } });

export default function ConfigEmailsRoute() {
  const intl = useIntl();
  const demo = useDemoMode();
  const { data, error } = useEmailSettings();
  const title = intl.formatMessage(messages.title);
  usePageTitle(title);
  return (
    <section className="card" aria-labelledby="config-emails-title">
      <h2 id="config-emails-title">{title}</h2>
      {demo ? <DemoNotice /> : null}
      {error ? <PageError error={error} /> : null}
      {!data && !error ? <Loading /> : null}
      {data ? <EmailSettingsForm settings={data} readOnly={demo} /> : null}
    </section>
  );
}
