import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { User } from '../../../../shared/schemas/users';
import { commonMessages } from '../../components/common-messages';
import { DemoNotice } from '../../components/demo-notice';
import { Loading } from '../../components/loading';
import { NotFoundScreen } from '../../components/not-found-screen';
import { PageError } from '../../components/page-error';
import { useUser } from '../../features/users/api/get-user';
import { useUpdateUser } from '../../features/users/api/update-user';
import { UserAvatar } from '../../features/users/components/user-avatar';
import { UserForm } from '../../features/users/components/user-form';
import { paths } from '../../lib/paths';
import type { Flash } from '../../lib/paths';
import { useDemoMode } from '../../lib/use-demo-mode';
import { usePageTitle } from '../../lib/use-page-title';

const messages = defineMessages<{ title: { username: string }; delete: NoMessageValues }>({
  title: { id: 'app.configUserEdit.title', defaultMessage: 'Edit user {username}' },
  delete: { id: 'app.configUserEdit.delete', defaultMessage: 'Delete this user' },
});

function UserEditor({ user }: { user: User }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const demo = useDemoMode();
  const { trigger } = useUpdateUser(user.id);
  const title = intl.formatMessage(messages.title, { username: user.username });
  usePageTitle(title);
  const canDelete = !demo && !user.builtinAdmin;
  return (
    <div className="stack">
      <section className="card" aria-labelledby="config-user-edit-title">
        <h2 id="config-user-edit-title">{title}</h2>
        {demo ? <DemoNotice /> : null}
        <UserForm
          key={user.id}
          user={user}
          readOnly={demo}
          onSubmit={async (input) => {
            await trigger(input);
            const flash: Flash = 'operationSucceeded';
            void navigate(paths.configUsers, { state: { flash } });
          }}
        />
      </section>
      <UserAvatar user={user} readOnly={demo} />
      <div className="actions">
        {canDelete ? (
          <Link className="button button--danger" to={paths.configUserDelete(user.id)}>
            {intl.formatMessage(messages.delete)}
          </Link>
        ) : (
          <button type="button" className="button button--danger" disabled>
            {intl.formatMessage(messages.delete)}
          </button>
        )}
        <Link className="button button--secondary" to={paths.configUsers}>
          {intl.formatMessage(commonMessages.back)}
        </Link>
      </div>
    </div>
  );
}

export default function ConfigUserEditRoute() {
  const { id } = useParams();
  const valid = id !== undefined && /^\d+$/.test(id);
  const { data, error } = useUser(valid ? id : undefined);
  if (!valid) return <NotFoundScreen />;
  if (error) return <PageError error={error} />;
  if (!data) return <Loading />;
  return <UserEditor user={data} />;
}
