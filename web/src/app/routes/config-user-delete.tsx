import { defineMessages, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { Loading } from '@web/components/loading';
import { NotFoundScreen } from '@web/components/not-found-screen';
import { PageError } from '@web/components/page-error';
import { Screen } from '@web/components/screen';
import { useUser } from '@web/features/users/api/get-user';
import { UserDeleteConfirmation } from '@web/features/users/components/user-delete-confirmation';
import { useNavigateWithFlash } from '@web/lib/flash';
import { paths, recordId } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';

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
