import { defineMessages, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { Loading } from '../../components/loading';
import { NotFoundScreen } from '../../components/not-found-screen';
import { PageError } from '../../components/page-error';
import { Screen } from '../../components/screen';
import { useUser } from '../../features/users/api/get-user';
import { UserDeleteConfirmation } from '../../features/users/components/user-delete-confirmation';
import { useNavigateWithFlash } from '../../lib/flash';
import { paths, recordId } from '../../lib/paths';
import { useDemoMode } from '../../lib/use-demo-mode';

const messages = defineMessages({
  title: { id: 'app.configUserDelete.title', defaultMessage: 'Delete user' },
});

function DeleteUserScreen() {
  const navigateWithFlash = useNavigateWithFlash();
  const demo = useDemoMode();
  const id = recordId(useParams().id);
  const { data, error } = useUser(id ?? undefined);
  if (id === null) return <NotFoundScreen />;
  if (error) return <PageError error={error} />;
  if (!data) return <Loading />;
  return <UserDeleteConfirmation user={data} readOnly={demo} onDeleted={() => navigateWithFlash(paths.configUsers())} />;
}

export default function ConfigUserDeleteRoute() {
  const intl = useIntl();
  return (
    <Screen title={intl.formatMessage(messages.title)}>
      <DeleteUserScreen />
    </Screen>
  );
}
