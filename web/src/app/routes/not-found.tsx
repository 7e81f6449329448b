import { NotFoundScreen } from '@web/components/not-found-screen';

export default function NotFoundRoute() {
  return <NotFoundScreen />;
}
