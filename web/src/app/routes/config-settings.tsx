// Configuration → Settings: the instance's server settings (docs/product.md §2 "server configuration").
import { defineMessages, useIntl } from 'react-intl';
import { DemoNotice } from '@web/components/demo-notice';
import { Loading } from '@web/components/loading';
import { PageError } from '@web/components/page-error';
import { useConfigSettings } from '@web/features/settings/api/config-settings';
import { ConfigKeys } from '@web/features/settings/components/config-keys';
import { SettingsForm } from '@web/features/settings/components/settings-form';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { usePageTitle } from '@web/lib/use-page-title';

const messages = defineMessages({ title: { id: 'app.configSettings.title', defaultMessage: 'Settings' } });

export default function ConfigSettingsRoute() {
  const intl = useIntl();
  const demo = useDemoMode();
  const { data, error } = useConfigSettings();
  const title = intl.formatMessage(messages.title);
  usePageTitle(title);
  return (
    <section className="card" aria-labelledby="config-settings-title">
      <h2 id="config-settings-title">{title}</h2>
      {demo ? <DemoNotice /> : null}
      {error ? <PageError error={error} /> : null}
      {!data && !error ? <Loading /> : null}
      {data ? <SettingsForm settings={data} readOnly={demo} /> : null}
      <ConfigKeys readOnly={demo} />
    </section>
  );
}
