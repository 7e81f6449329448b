import { Pencil, Trash2, UserPlus, Users } from 'lucide-react';
import { FormattedDate, defineMessages, useIntl } from 'react-intl';
import { hasDefaultAdminName } from '@shared/admin-name';
import { mediaUrl } from '@shared/constants';
import type { User } from '@shared/schemas/users';
import { ButtonLink, IconButton, IconLink } from '@web/components/button';
import { commonMessages } from '@web/components/common-messages';
import { EmptyState } from '@web/components/empty-state';
import { paths } from '@web/lib/paths';

const messages = defineMessages({
  caption: { id: 'users.usersTable.caption', defaultMessage: 'Users' },
  username: { id: 'users.usersTable.username', defaultMessage: 'Username' },
  name: { id: 'users.usersTable.name', defaultMessage: 'Name' },
  email: { id: 'users.usersTable.email', defaultMessage: 'Email address' },
  admin: { id: 'users.usersTable.admin', defaultMessage: 'Administrator' },
  enabled: { id: 'users.usersTable.enabled', defaultMessage: 'Enabled' },
  createdAt: { id: 'users.usersTable.createdAt', defaultMessage: 'Created' },
  actions: { id: 'users.usersTable.actions', defaultMessage: 'Actions' },
  builtin: { id: 'users.usersTable.builtin', defaultMessage: 'built-in' },
  builtinAdminName: { id: 'users.usersTable.builtinAdminName', defaultMessage: 'Administrator' },
  empty: { id: 'users.usersTable.empty', defaultMessage: 'No users yet.' },
  emptyHint: {
    id: 'users.usersTable.emptyHint',
    defaultMessage: 'Accounts you create here can sign in, keep their own collections and borrow.',
  },
  add: { id: 'users.usersTable.add', defaultMessage: 'Create an account' },
});

const valued = defineMessages<{ editUser: { username: string }; deleteUser: { username: string } }>({
  editUser: { id: 'users.usersTable.editUser', defaultMessage: 'Edit {username}' },
  deleteUser: { id: 'users.usersTable.deleteUser', defaultMessage: 'Delete {username}' },
});

export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

export function UsersTable({ users, readOnly }: { users: User[]; readOnly: boolean }) {
  const intl = useIntl();
  const yesNo = (value: boolean) => intl.formatMessage(value ? commonMessages.yes : commonMessages.no);
  if (users.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title={intl.formatMessage(messages.empty)}
        action={
          readOnly ? null : (
            <ButtonLink icon={UserPlus} to={paths.configUserNew()}>
              {intl.formatMessage(messages.add)}
            </ButtonLink>
          )
        }
      >
        <p>{intl.formatMessage(messages.emptyHint)}</p>
      </EmptyState>
    );
  }
  return (
    <div className="table-wrap">
      <table className="table table--stack">
        <caption className="visually-hidden">{intl.formatMessage(messages.caption)}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(messages.username)}</th>
            <th scope="col">{intl.formatMessage(messages.name)}</th>
            <th scope="col">{intl.formatMessage(messages.email)}</th>
            <th scope="col">{intl.formatMessage(messages.admin)}</th>
            <th scope="col">{intl.formatMessage(messages.enabled)}</th>
            <th scope="col">{intl.formatMessage(messages.createdAt)}</th>
            <th scope="col">
              <span className="visually-hidden">{intl.formatMessage(messages.actions)}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const avatar = mediaUrl(user.avatar);
            const canDelete = !user.builtinAdmin && !readOnly;
            return (
              <tr key={user.id}>
                <td>
                  <span className="table__user">
                    {avatar ? <img className="avatar avatar--small" src={avatar} alt="" /> : null}
                    <span>{user.username}</span>
                    {user.builtinAdmin ? <span className="tag">{intl.formatMessage(messages.builtin)}</span> : null}
                  </span>
                </td>
                <td data-label={intl.formatMessage(messages.name)}>
                  {hasDefaultAdminName(user) ? intl.formatMessage(messages.builtinAdminName) : fullName(user)}
                </td>
                <td data-label={intl.formatMessage(messages.email)}>{user.email}</td>
                <td data-label={intl.formatMessage(messages.admin)}>{yesNo(user.isAdmin)}</td>
                <td data-label={intl.formatMessage(messages.enabled)}>{yesNo(user.enabled)}</td>
                <td data-label={intl.formatMessage(messages.createdAt)}>
                  <FormattedDate value={user.createdAt} dateStyle="medium" />
                </td>
                <td>
                  <div className="table__actions">
                    <IconLink
                      size="small"
                      icon={Pencil}
                      to={paths.configUser(user.id)}
                      label={intl.formatMessage(valued.editUser, { username: user.username })}
                    />
                    {canDelete ? (
                      <IconLink
                        size="small"
                        icon={Trash2}
                        to={paths.configUserDelete(user.id)}
                        label={intl.formatMessage(valued.deleteUser, { username: user.username })}
                      />
                    ) : (
                      <IconButton
                        size="small"
                        icon={Trash2}
                        disabled
                        label={intl.formatMessage(valued.deleteUser, { username: user.username })}
                      />
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
