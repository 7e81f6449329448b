// Spec §2 "View borrower": details, current loans and history.
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { FlashStatus } from '@web/components/flash-status';
import { Loading } from '@web/components/loading';
import { NotFoundScreen } from '@web/components/not-found-screen';
import { PageError } from '@web/components/page-error';
import { Screen } from '@web/components/screen';
import { DemoNotice } from '@web/components/demo-notice';
import { useBorrower } from '@web/features/lending/api/borrowers';
import { BorrowerView } from '@web/features/lending/components/borrower-view';
import { recordId } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { LendingGate, useLendingCrumbs } from '../lending-gate';

function BorrowerScreen() {
  useIntl();
  const demo = useDemoMode();
  const id = recordId(useParams().id);
  const borrower = useBorrower(id);
  const crumbs = useLendingCrumbs();
  if (id === null) return <NotFoundScreen />;
  if (borrower.error) return <PageError error={borrower.error} />;
  if (!borrower.data) return <Loading />;
  return (
    <Screen title={borrower.data.name} crumbs={crumbs}>
      <FlashStatus />
      {demo ? <DemoNotice /> : null}
      <BorrowerView borrower={borrower.data} readOnly={demo} />
    </Screen>
  );
}

export default function BorrowerRoute() {
  return (
    <LendingGate>
      <BorrowerScreen />
    </LendingGate>
  );
}
