// Spec §2 "Borrower list", in the Borrowers area (signed-in users, each their own).
import { defineMessages, useIntl } from 'react-intl';
import { FlashStatus } from '../../components/flash-status';
import { Screen } from '../../components/screen';
import { BorrowersList } from '../../features/lending/components/borrowers-list';
import { LendingTabs } from '../../features/lending/components/lending-tabs';
import { useDemoMode } from '../../lib/use-demo-mode';
import { LendingGate } from '../lending-gate';

const messages = defineMessages({ title: { id: 'app.borrowers.title', defaultMessage: 'Borrowers' } });

export default function BorrowersRoute() {
  const intl = useIntl();
  const demo = useDemoMode();
  return (
    <LendingGate>
      <Screen title={intl.formatMessage(messages.title)}>
        <h1>{intl.formatMessage(messages.title)}</h1>
        <LendingTabs />
        <FlashStatus />
        <BorrowersList readOnly={demo} />
      </Screen>
    </LendingGate>
  );
}
