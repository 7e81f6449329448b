// Spec §2 "View borrower": details, current loans and history.
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { FlashStatus } from '../../components/flash-status';
import { Loading } from '../../components/loading';
import { NotFoundScreen } from '../../components/not-found-screen';
import { PageError } from '../../components/page-error';
import { Screen } from '../../components/screen';
import { DemoNotice } from '../../components/demo-notice';
import { useBorrower } from '../../features/lending/api/borrowers';
import { BorrowerView } from '../../features/lending/components/borrower-view';
import { recordId } from '../../lib/paths';
import { useDemoMode } from '../../lib/use-demo-mode';
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
