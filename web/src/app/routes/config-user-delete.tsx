import { defineMessages, useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import { Loading } from '../../components/loading';
import { NotFoundScreen } from '../../components/not-found-screen';
import { PageError } from '../../components/page-error';
import { useUser } from '../../features/users/api/get-user';
import { UserDeleteConfirmation } from '../../features/users/components/user-delete-confirmation';
import { paths } from '../../lib/paths';
import type { Flash } from '../../lib/paths';
import { useDemoMode } from '../../lib/use-demo-mode';
import { usePageTitle } from '../../lib/use-page-title';

const messages = defineMessages({
  title: { id: 'app.configUserDelete.title', defaultMessage: 'Delete user' },
});

export default function ConfigUserDeleteRoute() {
  const intl = useIntl();
  const navigate = useNavigate();
  const demo = useDemoMode();
  const { id } = useParams();
  const valid = id !== undefined && /^\d+$/.test(id);
  const { data, error } = useUser(valid ? id : undefined);
  usePageTitle(intl.formatMessage(messages.title));
  if (!valid) return <NotFoundScreen />;
  if (error) return <PageError error={error} />;
  if (!data) return <Loading />;
  return (
    <UserDeleteConfirmation
      user={data}
      readOnly={demo}
      onDeleted={() => {
        const flash: Flash = 'operationSucceeded';
        void navigate(paths.configUsers, { state: { flash } });
      }}
    />
  );
}
