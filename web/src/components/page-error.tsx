// A page that could not load its data: the offline screen when no response came for lack of network,
// not-found screen for 404, the error screen for anything else.
import { isApiError, pageErrorStatus } from '../lib/api-client';
import { isOnline } from '../lib/use-online';
import { NotFoundScreen } from './not-found-screen';
import { OfflineScreen } from './offline-screen';
import { ServerErrorScreen } from './server-error-screen';

export function PageError({ error }: { error: unknown }) {
  if (!isOnline() || (isApiError(error) && error.code === 'NETWORK')) return <OfflineScreen />;
  return pageErrorStatus(error) === 404 ? <NotFoundScreen /> : <ServerErrorScreen />;
}
