import { useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { ErrorAlert, SuccessStatus } from '@web/components/alert';
import { commonMessages } from '@web/components/common-messages';
import { ApiError } from '@web/lib/api-client';
import { describeError } from '@web/lib/error-messages';
import { paths } from '@web/lib/paths';
import { useConfirmEmailChange } from '../api/confirm-email-change';

const messages = defineMessages({
  done: {
    id: 'profile.emailChangeConfirmation.done',
    defaultMessage: 'Your new email address is confirmed: it is now the address of your account.',
  },
  toProfile: { id: 'profile.emailChangeConfirmation.toProfile', defaultMessage: 'Go to my profile' },
});

type State = { status: 'working' } | { status: 'done' } | { status: 'failed'; error: unknown };

/** Confirms on arrival: opening the link is the confirmation the user was asked for. */
export function EmailChangeConfirmation({ token }: { token: string }) {
  const intl = useIntl();
  const { trigger } = useConfirmEmailChange();
  const [state, setState] = useState<State>(() =>
    token ? { status: 'working' } : { status: 'failed', error: new ApiError({ status: 400, code: 'EMAIL_CHANGE_TOKEN_INVALID' }) },
  );
  // A link works once: the effect running twice (development's strict mode) must not spend it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    trigger({ token }).then(
      () => setState({ status: 'done' }),
      (error: unknown) => setState({ status: 'failed', error }),
    );
  }, [token, trigger]);

  if (state.status === 'working') return <p role="status">{intl.formatMessage(commonMessages.loading)}</p>;
  if (state.status === 'failed') return <ErrorAlert>{describeError(intl, state.error)}</ErrorAlert>;
  return (
    <div className="stack">
      <SuccessStatus>{intl.formatMessage(messages.done)}</SuccessStatus>
      <p>
        <Link className="button" to={paths.profile()}>
          {intl.formatMessage(messages.toProfile)}
        </Link>
      </p>
    </div>
  );
}
