// The "Sharing" section of a collection's settings: the people it is shared with, their roles, and a
// form to add someone by username or email. Errors of each change show above the list.
import { Trash2, UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { LOGIN_MAX_LENGTH } from '@shared/constants';
import { MEMBER_ROLES, type MemberRole } from '@shared/catalogue';
import { ErrorAlert, SuccessStatus } from '@web/components/alert';
import { Button, IconButton } from '@web/components/button';
import { Loading } from '@web/components/loading';
import { SelectField } from '@web/components/select-field';
import { TextField } from '@web/components/text-field';
import { describeError } from '@web/lib/error-messages';
import { useRevokeInvitation } from '../api/invitations';
import { useMemberChanges, useMembers } from '../api/members';
import { PendingInvitations } from './pending-invitations';
import { roleMessages } from './role-messages';
import './sharing-card.css';

const messages = defineMessages({
  title: { id: 'collections.sharing.title', defaultMessage: 'Sharing' },
  hint: {
    id: 'collections.sharing.hint',
    defaultMessage:
      'Viewers see the collection when its visibility is "Shared users" or wider; editors also add, edit and lend items; co-owners also change its settings and sharing.',
  },
  none: { id: 'collections.sharing.none', defaultMessage: 'This collection is shared with nobody yet.' },
  login: { id: 'collections.sharing.login', defaultMessage: 'Username or email' },
  role: { id: 'collections.sharing.role', defaultMessage: 'Role' },
  add: { id: 'collections.sharing.add', defaultMessage: 'Share' },
});

const personMessages = defineMessages<{ roleOf: { name: string }; remove: { name: string }; invited: { email: string } }>({
  invited: { id: 'collections.sharing.invited', defaultMessage: 'No account has this address yet: an invitation was sent to {email}.' },
  roleOf: { id: 'collections.sharing.roleOf', defaultMessage: 'Role of {name}' },
  remove: { id: 'collections.sharing.remove', defaultMessage: 'Stop sharing with {name}' },
});

function RoleOptions() {
  const intl = useIntl();
  return (
    <>
      {MEMBER_ROLES.map((role) => (
        <option key={role} value={role}>
          {intl.formatMessage(roleMessages[role])}
        </option>
      ))}
    </>
  );
}

export function SharingCard({ collectionId, readOnly }: { collectionId: number; readOnly: boolean }) {
  const intl = useIntl();
  const { data, error } = useMembers(collectionId);
  const changes = useMemberChanges(collectionId);
  const revokeInvitation = useRevokeInvitation(collectionId);
  const [failure, setFailure] = useState<unknown>(null);
  const [invited, setInvited] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (change: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    setInvited(null);
    try {
      await change();
      return true;
    } catch (err) {
      setFailure(err);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const onAdd = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const added = await run(async () => {
      const result = await changes.add({ login: String(fields.get('login') ?? ''), role: String(fields.get('role')) as MemberRole });
      if ('expiresAt' in result) setInvited(result.email);
    });
    if (added) form.reset();
  };

  return (
    <section className="card stack" aria-labelledby="manage-sharing-title">
      <h2 id="manage-sharing-title">{intl.formatMessage(messages.title)}</h2>
      <p className="muted">{intl.formatMessage(messages.hint)}</p>
      {invited ? <SuccessStatus>{intl.formatMessage(personMessages.invited, { email: invited })}</SuccessStatus> : null}
      {failure ? <ErrorAlert>{describeError(intl, failure)}</ErrorAlert> : null}
      {error ? <ErrorAlert>{describeError(intl, error)}</ErrorAlert> : null}
      {!data && !error ? <Loading /> : null}
      {data && data.members.length === 0 ? <p>{intl.formatMessage(messages.none)}</p> : null}
      {data && data.members.length > 0 ? (
        <ul className="stack sharing-list">
          {data.members.map((member) => (
            <li key={member.userId} className="sharing-list__row">
              <span className="sharing-list__name">{member.username}</span>
              <SelectField
                label={intl.formatMessage(personMessages.roleOf, { name: member.username })}
                value={member.role}
                disabled={readOnly || busy}
                onChange={(event) => void run(() => changes.changeRole(member.userId, event.target.value as MemberRole))}
              >
                <RoleOptions />
              </SelectField>
              <IconButton
                icon={Trash2}
                label={intl.formatMessage(personMessages.remove, { name: member.username })}
                disabled={readOnly || busy}
                onClick={() => void run(() => changes.remove(member.userId))}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <PendingInvitations collectionId={collectionId} disabled={readOnly || busy} onRevoke={(id) => void run(() => revokeInvitation(id))} />
      <form className="form__row sharing-form" onSubmit={(event) => void onAdd(event)}>
        <TextField
          name="login"
          label={intl.formatMessage(messages.login)}
          required
          maxLength={LOGIN_MAX_LENGTH}
          autoComplete="off"
          disabled={readOnly}
        />
        <SelectField name="role" label={intl.formatMessage(messages.role)} defaultValue="viewer" disabled={readOnly}>
          <RoleOptions />
        </SelectField>
        <div className="sharing-form__submit">
          <Button type="submit" icon={UserPlus} disabled={readOnly || busy}>
            {intl.formatMessage(messages.add)}
          </Button>
        </div>
      </form>
    </section>
  );
}
