import { UserPlus } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import { Button, ButtonLink } from '@web/components/button';
import { FlashStatus } from '@web/components/flash-status';
import { DemoNotice } from '@web/components/demo-notice';
import { Loading } from '@web/components/loading';
import { PageError } from '@web/components/page-error';
import { useUsers } from '@web/features/users/api/get-users';
import { UsersTable } from '@web/features/users/components/users-table';
import { paths } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { usePageTitle } from '@web/lib/use-page-title';

const messages = defineMessages({
  title: { id: 'app.configUsers.title', defaultMessage: 'Users' },
  newUser: { id: 'app.configUsers.newUser', defaultMessage: 'New user' },
});

export default function ConfigUsersRoute() {
  const intl = useIntl();
  const demo = useDemoMode();
  const { data, error } = useUsers();
  const title = intl.formatMessage(messages.title);
  usePageTitle(title);

  return (
    <section className="card" aria-labelledby="config-users-title">
      <div className="card__header">
        <h2 id="config-users-title">{title}</h2>
        {demo ? (
          <Button icon={UserPlus} disabled>
            {intl.formatMessage(messages.newUser)}
          </Button>
        ) : (
          <ButtonLink icon={UserPlus} to={paths.configUserNew()}>
            {intl.formatMessage(messages.newUser)}
          </ButtonLink>
        )}
      </div>
      <FlashStatus />
      {demo ? <DemoNotice /> : null}
      {error ? <PageError error={error} /> : data ? <UsersTable users={data.users} readOnly={demo} /> : <Loading />}
    </section>
  );
}
