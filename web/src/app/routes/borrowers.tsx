// Spec §2 "Borrower list", in the Borrowers area (signed-in users, each their own).
import { defineMessages, useIntl } from 'react-intl';
import { BorrowersList } from '@web/features/lending/components/borrowers-list';
import { LendingAreaScreen } from '../lending-gate';

const messages = defineMessages({ title: { id: 'app.borrowers.title', defaultMessage: 'Borrowers' } });

export default function BorrowersRoute() {
  const intl = useIntl();
  return (
    <LendingAreaScreen title={intl.formatMessage(messages.title)}>{(readOnly) => <BorrowersList readOnly={readOnly} />}</LendingAreaScreen>
  );
}
