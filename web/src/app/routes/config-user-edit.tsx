import { ArrowLeft, Trash2 } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { useParams } from 'react-router-dom';
import type { User } from '@shared/schemas/users';
import { Button, ButtonLink } from '@web/components/button';
import { commonMessages } from '@web/components/common-messages';
import { Loading } from '@web/components/loading';
import { NotFoundScreen } from '@web/components/not-found-screen';
import { PageError } from '@web/components/page-error';
import { FormScreen } from '@web/components/screen';
import { useUser } from '@web/features/users/api/get-user';
import { useUpdateUser } from '@web/features/users/api/update-user';
import { UserAvatar } from '@web/features/users/components/user-avatar';
import { UserForm } from '@web/features/users/components/user-form';
import { useNavigateWithFlash } from '@web/lib/flash';
import { paths, recordId } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';

const messages = defineMessages<{ title: { username: string }; delete: NoMessageValues }>({
  title: { id: 'app.configUserEdit.title', defaultMessage: 'Edit user {username}' },
  delete: { id: 'app.configUserEdit.delete', defaultMessage: 'Delete this user' },
});

function UserEditor({ user }: { user: User }) {
  const intl = useIntl();
  const navigateWithFlash = useNavigateWithFlash();
  const demo = useDemoMode();
  const { trigger } = useUpdateUser(user.id);
  const canDelete = !demo && !user.builtinAdmin;
  const after = (
    <>
      <UserAvatar user={user} readOnly={demo} />
      <div className="actions">
        {canDelete ? (
          <ButtonLink variant="quiet" className="button--quiet-danger" icon={Trash2} to={paths.configUserDelete(user.id)}>
            {intl.formatMessage(messages.delete)}
          </ButtonLink>
        ) : (
          <Button variant="quiet" className="button--quiet-danger" icon={Trash2} disabled>
            {intl.formatMessage(messages.delete)}
          </Button>
        )}
        <ButtonLink variant="secondary" icon={ArrowLeft} to={paths.configUsers()}>
          {intl.formatMessage(commonMessages.back)}
        </ButtonLink>
      </div>
    </>
  );
  return (
    <FormScreen title={intl.formatMessage(messages.title, { username: user.username })} headingLevel={2} after={after}>
      <UserForm
        key={user.id}
        user={user}
        readOnly={demo}
        onSubmit={async (input) => {
          await trigger(input);
          navigateWithFlash(paths.configUsers());
        }}
      />
    </FormScreen>
  );
}

export default function ConfigUserEditRoute() {
  const id = recordId(useParams().id);
  const { data, error } = useUser(id ?? undefined);
  if (id === null) return <NotFoundScreen />;
  if (error) return <PageError error={error} />;
  if (!data) return <Loading />;
  return <UserEditor user={data} />;
}
