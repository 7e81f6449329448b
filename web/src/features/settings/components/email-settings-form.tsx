// Configuration → Emails (docs/product.md §2): how the instance sends its emails — as deployed (the environment's
// Resend key), Resend with a key of the administrator's, or an SMTP server — then a test email to any
// address, which says why it failed when it does. Keys and passwords are typed, saved encrypted, and
// never shown again: a saved one is named by its last characters and kept when its field is left empty.
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import {
  EMAIL_SECRET_MAX_LENGTH,
  EMAIL_SENDER_MAX_LENGTH,
  SMTP_HOST_MAX_LENGTH,
  SMTP_USERNAME_MAX_LENGTH,
  type EmailSettings,
  type EmailTransport,
  type SmtpSecurity,
  type UpdateEmailSettingsInput,
} from '@shared/schemas/email-settings';
import { SuccessStatus } from '@web/components/alert';
import { Button } from '@web/components/button';
import { commonMessages } from '@web/components/common-messages';
import { FormActions } from '@web/components/form-actions';
import { FormAlerts } from '@web/components/form-alerts';
import { SelectField } from '@web/components/select-field';
import { TextField } from '@web/components/text-field';
import { useSubmit } from '@web/lib/use-submit';
import { sendTestEmail, useSaveEmailSettings } from '../api/email-settings';

const messages = defineMessages({
  transport: { id: 'settings.emailSettings.transport', defaultMessage: 'Send emails with' },
  transportHint: {
    id: 'settings.emailSettings.transportHint',
    defaultMessage:
      'What is saved here replaces what the instance was deployed with. Password resets, loan reminders and borrow requests all go this way.',
  },
  environment: { id: 'settings.emailSettings.environment', defaultMessage: 'As deployed (environment variables)' },
  resend: { id: 'settings.emailSettings.resend', defaultMessage: 'Resend' },
  smtp: { id: 'settings.emailSettings.smtp', defaultMessage: 'An SMTP server' },
  environmentMissing: {
    id: 'settings.emailSettings.environmentMissing',
    defaultMessage: 'The instance was deployed without a Resend key: no email is sent until you choose Resend or an SMTP server here.',
  },
  sender: { id: 'settings.emailSettings.sender', defaultMessage: 'Sender' },
  senderHint: {
    id: 'settings.emailSettings.senderHint',
    defaultMessage:
      "The address emails come from, with a name if you like: Our books '<'books@example.org'>'. Your provider must allow it.",
  },
  apiKey: { id: 'settings.emailSettings.apiKey', defaultMessage: 'Resend API key' },
  host: { id: 'settings.emailSettings.host', defaultMessage: 'Server' },
  hostHint: { id: 'settings.emailSettings.hostHint', defaultMessage: 'Its name, for example smtp.example.org.' },
  port: { id: 'settings.emailSettings.port', defaultMessage: 'Port' },
  security: { id: 'settings.emailSettings.security', defaultMessage: 'Security' },
  securityHint: {
    id: 'settings.emailSettings.securityHint',
    defaultMessage: 'Usually STARTTLS on port 587, or TLS on port 465. Without encryption, the password crosses the network in clear.',
  },
  starttls: { id: 'settings.emailSettings.starttls', defaultMessage: 'STARTTLS' },
  tls: { id: 'settings.emailSettings.tls', defaultMessage: 'TLS' },
  none: { id: 'settings.emailSettings.none', defaultMessage: 'None' },
  username: { id: 'settings.emailSettings.username', defaultMessage: 'User name' },
  usernameHint: { id: 'settings.emailSettings.usernameHint', defaultMessage: 'Empty if the server does not ask for one.' },
  password: { id: 'settings.emailSettings.password', defaultMessage: 'Password' },
  secretNew: { id: 'settings.emailSettings.secretNew', defaultMessage: 'Stored encrypted; never shown again.' },
  testTitle: { id: 'settings.emailSettings.testTitle', defaultMessage: 'Send a test email' },
  testTo: { id: 'settings.emailSettings.testTo', defaultMessage: 'To' },
  testHint: { id: 'settings.emailSettings.testHint', defaultMessage: 'The test uses the saved settings.' },
  testUnsaved: { id: 'settings.emailSettings.testUnsaved', defaultMessage: 'Save your changes first: the test uses the saved settings.' },
  testSend: { id: 'settings.emailSettings.testSend', defaultMessage: 'Send the test email' },
});

const valueMessages = defineMessages<{
  environmentReady: { sender: string };
  secretSaved: { ending: string };
  testSent: { to: string };
}>({
  environmentReady: {
    id: 'settings.emailSettings.environmentReady',
    defaultMessage: 'Emails go through Resend with the key the instance was deployed with, from {sender}.',
  },
  secretSaved: {
    id: 'settings.emailSettings.secretSaved',
    defaultMessage: 'One is saved{ending, select, none {} other { (it ends in {ending})}}. Leave empty to keep it.',
  },
  testSent: { id: 'settings.emailSettings.testSent', defaultMessage: 'The test email was sent to {to}. Check that it arrived.' },
});

const FIELDS = ['transport', 'sender', 'apiKey', 'host', 'port', 'security', 'username', 'password'];
/** The usual port of each security: a submission port, since relays take mail there. */
const PORTS: Record<SmtpSecurity, number> = { starttls: 587, tls: 465, none: 587 };

/** The hint of a secret's field: whether one is saved (and how it ends), else how it is kept. */
function useSecretHint(ending: string | null): string {
  const intl = useIntl();
  if (ending === null) return intl.formatMessage(messages.secretNew);
  return intl.formatMessage(valueMessages.secretSaved, { ending: ending === '' ? 'none' : `…${ending}` });
}

export function EmailSettingsForm({ settings, readOnly }: { settings: EmailSettings; readOnly: boolean }) {
  const intl = useIntl();
  const save = useSaveEmailSettings();
  const [transport, setTransport] = useState<EmailTransport>(settings.transport);
  const [security, setSecurity] = useState<SmtpSecurity>(settings.smtp.security);
  const [port, setPort] = useState(String(settings.smtp.port ?? PORTS[settings.smtp.security]));
  const [saved, setSaved] = useState(false);
  const [dirty, setDirty] = useState(false);
  const keyHint = useSecretHint(settings.resend.keyEnding);
  const passwordHint = useSecretHint(settings.smtp.passwordEnding);
  const { onSubmit, busy, errors } = useSubmit(async (fields, form) => {
    setSaved(false);
    const text = (name: string) => String(fields.get(name) ?? '').trim();
    const secret = (name: string) => (text(name) === '' ? undefined : String(fields.get(name)));
    let input: UpdateEmailSettingsInput;
    if (transport === 'resend') input = { transport, sender: text('sender'), apiKey: secret('apiKey') };
    else if (transport === 'smtp') {
      const username = text('username');
      input = {
        transport,
        sender: text('sender'),
        host: text('host'),
        port: Number(text('port')),
        security,
        username: username || null,
        password: secret('password'),
      };
    } else input = { transport };
    await save(input);
    // Typed secrets are saved: their fields empty again, the hint now names them.
    for (const name of ['apiKey', 'password']) {
      const field = form.elements.namedItem(name);
      if (field instanceof HTMLInputElement) field.value = '';
    }
    setDirty(false);
    setSaved(true);
  });
  const sender = settings.sender ?? '';
  return (
    <>
      <form className="form" onSubmit={onSubmit} onChange={() => setDirty(true)} noValidate>
        {saved ? <SuccessStatus>{intl.formatMessage(commonMessages.operationSucceeded)}</SuccessStatus> : null}
        <FormAlerts errors={errors} shownFields={FIELDS} />
        <fieldset className="form__fieldset" disabled={readOnly || busy}>
          <SelectField
            name="transport"
            label={intl.formatMessage(messages.transport)}
            hint={intl.formatMessage(messages.transportHint)}
            value={transport}
            onChange={(event) => setTransport(event.target.value as EmailTransport)}
            error={errors.field('transport')}
          >
            <option value="environment">{intl.formatMessage(messages.environment)}</option>
            <option value="resend">{intl.formatMessage(messages.resend)}</option>
            <option value="smtp">{intl.formatMessage(messages.smtp)}</option>
          </SelectField>
          {transport === 'environment' ? (
            <p className="form__note">
              {settings.environment.resendKeySet
                ? intl.formatMessage(valueMessages.environmentReady, { sender: settings.environment.sender })
                : intl.formatMessage(messages.environmentMissing)}
            </p>
          ) : (
            <TextField
              name="sender"
              type="text"
              autoComplete="off"
              label={intl.formatMessage(messages.sender)}
              hint={intl.formatMessage(messages.senderHint)}
              defaultValue={sender}
              maxLength={EMAIL_SENDER_MAX_LENGTH}
              required
              error={errors.field('sender')}
            />
          )}
          {transport === 'resend' ? (
            <TextField
              name="apiKey"
              type="password"
              autoComplete="off"
              label={intl.formatMessage(messages.apiKey)}
              hint={keyHint}
              maxLength={EMAIL_SECRET_MAX_LENGTH}
              required={settings.resend.keyEnding === null}
              error={errors.field('apiKey')}
            />
          ) : null}
          {transport === 'smtp' ? (
            <>
              <TextField
                name="host"
                type="text"
                inputMode="url"
                autoComplete="off"
                label={intl.formatMessage(messages.host)}
                hint={intl.formatMessage(messages.hostHint)}
                defaultValue={settings.smtp.host ?? ''}
                maxLength={SMTP_HOST_MAX_LENGTH}
                required
                error={errors.field('host')}
              />
              <SelectField
                name="security"
                label={intl.formatMessage(messages.security)}
                hint={intl.formatMessage(messages.securityHint)}
                value={security}
                onChange={(event) => {
                  const next = event.target.value as SmtpSecurity;
                  // The usual port follows the security, unless another one was typed.
                  if (port === String(PORTS[security])) setPort(String(PORTS[next]));
                  setSecurity(next);
                }}
                error={errors.field('security')}
              >
                <option value="starttls">{intl.formatMessage(messages.starttls)}</option>
                <option value="tls">{intl.formatMessage(messages.tls)}</option>
                <option value="none">{intl.formatMessage(messages.none)}</option>
              </SelectField>
              <TextField
                name="port"
                type="number"
                inputMode="numeric"
                min={1}
                max={65535}
                step={1}
                label={intl.formatMessage(messages.port)}
                value={port}
                onChange={(event) => setPort(event.target.value)}
                required
                error={errors.field('port')}
              />
              <TextField
                name="username"
                type="text"
                autoComplete="off"
                label={intl.formatMessage(messages.username)}
                hint={intl.formatMessage(messages.usernameHint)}
                defaultValue={settings.smtp.username ?? ''}
                maxLength={SMTP_USERNAME_MAX_LENGTH}
                error={errors.field('username')}
              />
              <TextField
                name="password"
                type="password"
                autoComplete="new-password"
                label={intl.formatMessage(messages.password)}
                hint={passwordHint}
                maxLength={EMAIL_SECRET_MAX_LENGTH}
                error={errors.field('password')}
              />
            </>
          ) : null}
          <FormActions />
        </fieldset>
      </form>
      <TestEmailForm readOnly={readOnly} unsaved={dirty} />
    </>
  );
}

function TestEmailForm({ readOnly, unsaved }: { readOnly: boolean; unsaved: boolean }) {
  const intl = useIntl();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { onSubmit, busy, errors } = useSubmit(async (fields) => {
    setSentTo(null);
    const to = String(fields.get('to') ?? '').trim();
    await sendTestEmail(to);
    setSentTo(to);
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-labelledby="test-email-title">
      <h3 id="test-email-title">{intl.formatMessage(messages.testTitle)}</h3>
      {sentTo ? <SuccessStatus>{intl.formatMessage(valueMessages.testSent, { to: sentTo })}</SuccessStatus> : null}
      <FormAlerts errors={errors} shownFields={['to']} />
      <fieldset className="form__fieldset" disabled={readOnly || busy}>
        <TextField
          name="to"
          type="email"
          inputMode="email"
          autoComplete="email"
          label={intl.formatMessage(messages.testTo)}
          hint={intl.formatMessage(unsaved ? messages.testUnsaved : messages.testHint)}
          required
          error={errors.field('to')}
        />
        <div className="actions">
          <Button type="submit" variant="secondary" disabled={unsaved}>
            {intl.formatMessage(messages.testSend)}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
