// The lending overview: every request, current loan and overdue loan across the user's collections.
import { defineMessages, useIntl } from 'react-intl';
import { FlashStatus } from '../../components/flash-status';
import { Screen } from '../../components/screen';
import { LendingOverview } from '../../features/lending/components/lending-overview';
import { LendingTabs } from '../../features/lending/components/lending-tabs';
import { useDemoMode } from '../../lib/use-demo-mode';
import { LendingGate } from '../lending-gate';

const messages = defineMessages({ title: { id: 'app.lending.title', defaultMessage: 'Loans and requests' } });

export default function LendingRoute() {
  const intl = useIntl();
  const demo = useDemoMode();
  return (
    <LendingGate>
      <Screen title={intl.formatMessage(messages.title)}>
        <h1>{intl.formatMessage(messages.title)}</h1>
        <LendingTabs />
        <FlashStatus />
        <LendingOverview readOnly={demo} />
      </Screen>
    </LendingGate>
  );
}
