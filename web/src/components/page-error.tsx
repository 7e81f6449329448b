// A page that could not load its data: not-found screen for 404, the error screen for anything else.
import { pageErrorStatus } from '../lib/api-client';
import { NotFoundScreen } from './not-found-screen';
import { ServerErrorScreen } from './server-error-screen';

export function PageError({ error }: { error: unknown }) {
  return pageErrorStatus(error) === 404 ? <NotFoundScreen /> : <ServerErrorScreen />;
}
