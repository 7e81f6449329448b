import { defineMessages, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { ErrorAlert } from '@web/components/alert';
import { Loading } from '@web/components/loading';
import { FormScreen } from '@web/components/screen';
import { useInvitation } from '@web/features/collections/api/invitations';
import { InvitationAcceptForm } from '@web/features/collections/components/invitation-accept-form';
import { errorMessages } from '@web/lib/error-catalogue';
import { describeError } from '@web/lib/error-messages';
import { isApiError } from '@web/lib/api-client';
import { paths } from '@web/lib/paths';

const titleMessages = defineMessages<{ title: { collection: string } }>({
  title: { id: 'app.invitation.title', defaultMessage: 'Join “{collection}”' },
});

const messages = defineMessages({
  loadingTitle: { id: 'app.invitation.loadingTitle', defaultMessage: 'Invitation' },
  invalidTitle: { id: 'app.invitation.invalidTitle', defaultMessage: 'This invitation no longer works' },
  invalidHint: {
    id: 'app.invitation.invalidHint',
    defaultMessage: 'Ask the person who invited you for a new invitation. If you already created your account with it, sign in.',
  },
  signIn: { id: 'app.invitation.signIn', defaultMessage: 'Sign in' },
});

/** The emailed invitation's screen: who invites to which collection, then the sign-up form. */
export default function InvitationRoute() {
  const intl = useIntl();
  const secret = useParams().secret ?? '';
  const { data, error } = useInvitation(secret);
  // A mangled link (400) is as dead as an expired one.
  const invalid = isApiError(error) && (error.code === 'INVITATION_INVALID' || error.code === 'VALIDATION_FAILED');
  const title = invalid
    ? intl.formatMessage(messages.invalidTitle)
    : data
      ? intl.formatMessage(titleMessages.title, { collection: data.collectionName })
      : intl.formatMessage(messages.loadingTitle);
  return (
    <FormScreen title={title} cardClassName="narrow" demoNotice={false}>
      {invalid ? (
        <>
          <ErrorAlert>{intl.formatMessage(errorMessages.INVITATION_INVALID)}</ErrorAlert>
          <p>{intl.formatMessage(messages.invalidHint)}</p>
          <p>
            <Link className="button" to={paths.login()}>
              {intl.formatMessage(messages.signIn)}
            </Link>
          </p>
        </>
      ) : error ? (
        <ErrorAlert>{describeError(intl, error)}</ErrorAlert>
      ) : data ? (
        <InvitationAcceptForm secret={secret} invitation={data} />
      ) : (
        <Loading />
      )}
    </FormScreen>
  );
}
