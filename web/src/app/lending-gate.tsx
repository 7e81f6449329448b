// The Borrowers area is for signed-in users while lending is on (docs/product.md §1): a visitor is asked to sign in
// first, and with "Enable loans" off every lending screen is not found.
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Navigate, useLocation } from 'react-router-dom';
import type { Crumb } from '../components/breadcrumbs';
import { FlashStatus } from '../components/flash-status';
import { Loading } from '../components/loading';
import { NotFoundScreen } from '../components/not-found-screen';
import { Screen } from '../components/screen';
import { DemoNotice } from '../components/demo-notice';
import { LendingTabs } from '../features/lending/components/lending-tabs';
import { paths } from '../lib/paths';
import { useDemoMode } from '../lib/use-demo-mode';
import { usePublicSettings } from '../lib/use-settings';
import { useSession } from '../lib/use-session';

const messages = defineMessages({ borrowers: { id: 'app.lendingGate.borrowers', defaultMessage: 'Borrowers' } });

/** Shows its children only while "Enable loans" is on (not found otherwise, nothing while it loads). */
export function LoansEnabledGate({ children }: { children: ReactNode }) {
  const settings = usePublicSettings();
  if (!settings.data && !settings.error) return <Loading />;
  if (settings.data?.loansEnabled !== true) return <NotFoundScreen />;
  return <>{children}</>;
}

export function LendingGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={paths.login()} replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <LoansEnabledGate>{children}</LoansEnabledGate>;
}

/** A screen of the Borrowers area: its title, the area's tabs, the flash message, then its content. */
export function LendingAreaScreen({ title, children }: { title: string; children: (readOnly: boolean) => ReactNode }) {
  const demo = useDemoMode();
  return (
    <LendingGate>
      <Screen title={title}>
        <h1>{title}</h1>
        <LendingTabs />
        <FlashStatus />
        {demo ? <DemoNotice /> : null}
        {children(demo)}
      </Screen>
    </LendingGate>
  );
}

export function useLendingCrumbs(): Crumb[] {
  const intl = useIntl();
  return [{ label: intl.formatMessage(messages.borrowers), to: paths.borrowers() }];
}
