import { Trash2 } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import type { User } from '@shared/schemas/users';
import { ErrorAlert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { commonMessages } from '@web/components/common-messages';
import { Loading } from '@web/components/loading';
import { paths } from '@web/lib/paths';
import { useAction } from '@web/lib/use-action';
import { useFormErrors } from '@web/lib/use-form-errors';
import { useDeleteUser } from '../api/delete-user';
import { useUserDeletion } from '../api/get-user-deletion';

const messages = defineMessages<{
  question: { username: string };
  warning: { count: number };
  builtin: NoMessageValues;
  confirm: NoMessageValues;
}>({
  question: { id: 'users.userDeleteConfirmation.question', defaultMessage: 'Delete the account {username}?' },
  warning: {
    id: 'users.userDeleteConfirmation.warning',
    defaultMessage: "All of this user's collections ({count, number}) will be deleted too. This cannot be undone.",
  },
  builtin: {
    id: 'users.userDeleteConfirmation.builtin',
    defaultMessage: 'The built-in administrator cannot be deleted.',
  },
  confirm: { id: 'users.userDeleteConfirmation.confirm', defaultMessage: 'Delete this account' },
});

export function UserDeleteConfirmation({ user, readOnly, onDeleted }: { user: User; readOnly: boolean; onDeleted: () => void }) {
  const intl = useIntl();
  const deletion = useUserDeletion(user.id);
  const { trigger } = useDeleteUser(user.id);
  const { run: confirm, busy, error } = useAction(trigger, onDeleted);
  const errors = useFormErrors(error ?? deletion.error);

  return (
    <section className="card card--danger" aria-labelledby="user-delete-title">
      <h2 id="user-delete-title">{intl.formatMessage(messages.question, { username: user.username })}</h2>
      {errors.message ? <ErrorAlert>{errors.message}</ErrorAlert> : null}
      {user.builtinAdmin ? (
        <p>{intl.formatMessage(messages.builtin)}</p>
      ) : deletion.data ? (
        <p className="warning">{intl.formatMessage(messages.warning, { count: deletion.data.collectionCount })}</p>
      ) : deletion.error ? null : (
        <Loading />
      )}
      <div className="actions">
        <Button
          variant="danger"
          icon={Trash2}
          disabled={readOnly || user.builtinAdmin || !deletion.data || busy}
          onClick={() => void confirm()}
        >
          {intl.formatMessage(messages.confirm)}
        </Button>
        <ButtonLink variant="secondary" to={paths.configUser(user.id)}>
          {intl.formatMessage(commonMessages.cancel)}
        </ButtonLink>
      </div>
    </section>
  );
}
