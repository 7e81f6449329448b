// "Get my borrower page": a person types their email; if it has loans here, the link is emailed. The
// answer is the same either way, so the form never tells whether an address borrowed anything.
import { useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { ErrorAlert, SuccessStatus } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Screen } from '@web/components/screen';
import { TextField } from '@web/components/text-field';
import { askForLink } from '@web/features/lending/api/borrower-page';
import { describeError } from '@web/lib/error-messages';
import { useAction } from '@web/lib/use-action';

const messages = defineMessages({
  title: { id: 'app.borrowerLink.title', defaultMessage: 'Get my borrower page' },
  intro: {
    id: 'app.borrowerLink.intro',
    defaultMessage: 'Type the email address you borrowed with. We will send your private link to it.',
  },
  email: { id: 'app.borrowerLink.email', defaultMessage: 'Email address' },
  send: { id: 'app.borrowerLink.send', defaultMessage: 'Send me my link' },
  sent: { id: 'app.borrowerLink.sent', defaultMessage: 'If this address has loans here, its link is on its way. Check your inbox.' },
});

export default function BorrowerLinkRoute() {
  const intl = useIntl();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const send = useAction(async () => {
    await askForLink(email);
    setSent(true);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send.run();
  };
  const title = intl.formatMessage(messages.title);
  return (
    <Screen title={title}>
      <section className="card stack">
        <h1>{title}</h1>
        {sent ? (
          <SuccessStatus>{intl.formatMessage(messages.sent)}</SuccessStatus>
        ) : (
          <form className="stack" onSubmit={submit}>
            <p>{intl.formatMessage(messages.intro)}</p>
            <TextField
              label={intl.formatMessage(messages.email)}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <div className="actions">
              <Button type="submit" disabled={send.busy}>
                {intl.formatMessage(messages.send)}
              </Button>
            </div>
          </form>
        )}
        {send.error ? <ErrorAlert>{describeError(intl, send.error)}</ErrorAlert> : null}
      </section>
    </Screen>
  );
}
