// Errors while routing (an unknown path, a chunk that failed to load after a deploy or for lack of network).
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFoundScreen } from '../components/not-found-screen';
import { PageError } from '../components/page-error';
import { ServerErrorScreen } from '../components/server-error-screen';

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return error.status === 404 ? <NotFoundScreen /> : <ServerErrorScreen />;
  return <PageError error={error} />;
}
