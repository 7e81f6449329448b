// The Sharing card's invitations by email: a hint when the administrator allows them, and the pending
// ones, each with a way to withdraw it.
import { Trash2 } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { INVITATION_DAYS } from '@shared/schemas/invitations';
import { IconButton } from '@web/components/button';
import { useInvitations } from '../api/invitations';
import { roleMessages } from './role-messages';

const messages = defineMessages<{
  allowed: { days: number };
  title: NoMessageValues;
  row: { email: string; role: string; date: string };
  revoke: { email: string };
}>({
  allowed: {
    id: 'collections.pendingInvitations.allowed',
    defaultMessage:
      'Someone without an account? Enter their email address: they receive an invitation, valid {days, number} days, to create one.',
  },
  title: { id: 'collections.pendingInvitations.title', defaultMessage: 'Pending invitations' },
  row: { id: 'collections.pendingInvitations.row', defaultMessage: '{email} ({role}), until {date}' },
  revoke: { id: 'collections.pendingInvitations.revoke', defaultMessage: 'Withdraw the invitation to {email}' },
});

interface PendingInvitationsProps {
  collectionId: number;
  disabled: boolean;
  onRevoke: (invitationId: number) => void;
}

export function PendingInvitations({ collectionId, disabled, onRevoke }: PendingInvitationsProps) {
  const intl = useIntl();
  const { data } = useInvitations(collectionId);
  if (!data) return null;
  return (
    <>
      {data.allowed ? <p className="muted">{intl.formatMessage(messages.allowed, { days: INVITATION_DAYS })}</p> : null}
      {data.invitations.length > 0 ? (
        <>
          <h3>{intl.formatMessage(messages.title)}</h3>
          <ul className="stack sharing-list">
            {data.invitations.map((invitation) => (
              <li key={invitation.id} className="sharing-list__row sharing-list__row--invitation">
                <span className="sharing-list__name">
                  {intl.formatMessage(messages.row, {
                    email: invitation.email,
                    role: intl.formatMessage(roleMessages[invitation.role]),
                    date: intl.formatDate(invitation.expiresAt, { dateStyle: 'medium' }),
                  })}
                </span>
                <IconButton
                  icon={Trash2}
                  label={intl.formatMessage(messages.revoke, { email: invitation.email })}
                  disabled={disabled}
                  onClick={() => onRevoke(invitation.id)}
                />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
