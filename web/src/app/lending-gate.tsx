// The Borrowers area is for signed-in users while lending is on (spec §1); anyone else gets not found.
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { Crumb } from '../components/breadcrumbs';
import { Loading } from '../components/loading';
import { NotFoundScreen } from '../components/not-found-screen';
import { paths } from '../lib/paths';
import { usePublicSettings } from '../lib/use-settings';
import { useSession } from '../lib/use-session';

const messages = defineMessages({ borrowers: { id: 'app.lendingGate.borrowers', defaultMessage: 'Borrowers' } });

export function LendingGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const settings = usePublicSettings();
  if (!session) return <NotFoundScreen />;
  if (!settings.data && !settings.error) return <Loading />;
  if (settings.data?.loansEnabled !== true) return <NotFoundScreen />;
  return <>{children}</>;
}

export function useLendingCrumbs(): Crumb[] {
  const intl = useIntl();
  return [{ label: intl.formatMessage(messages.borrowers), to: paths.borrowers() }];
}
