import { FormattedDate, defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { mediaUrl } from '../../../../../shared/constants';
import type { User } from '../../../../../shared/schemas/users';
import { commonMessages } from '../../../components/common-messages';
import { paths } from '../../../lib/paths';

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
  empty: { id: 'users.usersTable.empty', defaultMessage: 'No users yet.' },
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
  if (users.length === 0) return <p className="muted">{intl.formatMessage(messages.empty)}</p>;
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
                <td data-label={intl.formatMessage(messages.name)}>{fullName(user)}</td>
                <td data-label={intl.formatMessage(messages.email)}>{user.email}</td>
                <td data-label={intl.formatMessage(messages.admin)}>{yesNo(user.isAdmin)}</td>
                <td data-label={intl.formatMessage(messages.enabled)}>{yesNo(user.enabled)}</td>
                <td data-label={intl.formatMessage(messages.createdAt)}>
                  <FormattedDate value={user.createdAt} dateStyle="medium" />
                </td>
                <td>
                  <div className="table__actions">
                    <Link
                      className="button button--small button--secondary"
                      to={paths.configUser(user.id)}
                      aria-label={intl.formatMessage(valued.editUser, { username: user.username })}
                    >
                      {intl.formatMessage(commonMessages.edit)}
                    </Link>
                    {canDelete ? (
                      <Link
                        className="button button--small button--danger"
                        to={paths.configUserDelete(user.id)}
                        aria-label={intl.formatMessage(valued.deleteUser, { username: user.username })}
                      >
                        {intl.formatMessage(commonMessages.delete)}
                      </Link>
                    ) : (
                      <button
                        type="button"
                        className="button button--small button--danger"
                        disabled
                        aria-label={intl.formatMessage(valued.deleteUser, { username: user.username })}
                      >
                        {intl.formatMessage(commonMessages.delete)}
                      </button>
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
