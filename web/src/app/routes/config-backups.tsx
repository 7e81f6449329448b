// Configuration → Backups: back the whole instance up, and restore a backup into an empty instance.
import { defineMessages, useIntl } from 'react-intl';
import { DemoNotice } from '@web/components/demo-notice';
import { BackupsPanel } from '@web/features/backups/components/backups-panel';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { usePageTitle } from '@web/lib/use-page-title';

const messages = defineMessages({ title: { id: 'app.configBackups.title', defaultMessage: 'Backups' } });

export default function ConfigBackupsRoute() {
  const intl = useIntl();
  const demo = useDemoMode();
  usePageTitle(intl.formatMessage(messages.title));
  return (
    <div className="stack">
      {demo ? <DemoNotice /> : null}
      <BackupsPanel readOnly={demo} />
    </div>
  );
}
