// Configuration → Emails (docs/product.md §2): how the instance sends its emails, and a test email to any address.
// The built-in administrator's alone; demo mode reads them and refuses changes (the demo guard). Secrets
// go in and never come out: the answer says only whether one is saved and how it ends.
import { createRoute } from '@hono/zod-openapi';
import {
  emailSettings,
  testEmailInput,
  testEmailResult,
  updateEmailSettingsInput,
  type EmailSettings,
} from '@shared/schemas/email-settings';
import type { ErrorCode } from '@shared/errors';
import type { Env } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';
import { composeEmail, sendEmail } from '@worker/lib/email';
import {
  environmentSender,
  saveEmailSettings,
  smtpHostAllowed,
  storedEmailSettings,
  type EmailFailure,
  type StoredEmailSettings,
} from '@worker/lib/email-transports';
import { bearer, errors, jsonBody, jsonContent } from '@worker/lib/openapi';
import { throttle } from '@worker/lib/rate-limit';
import { createRouter } from '@worker/lib/router';
import { sealSecret } from '@worker/lib/secrets';
import { translate } from '@worker/i18n/messages';
import { requireBuiltinAdmin } from '@worker/middleware/auth';
import { instanceIdentity } from './settings.service';

const admin = { tags: ['Settings'], security: bearer, middleware: [requireBuiltinAdmin] };

const read = createRoute({
  ...admin,
  method: 'get',
  path: '/config/email',
  summary: 'How emails are sent (built-in administrator); secrets only as whether they are set',
  responses: { 200: jsonContent(emailSettings, 'Email settings'), ...errors(401, 403) },
});

const update = createRoute({
  ...admin,
  method: 'put',
  path: '/config/email',
  summary: 'Choose how emails are sent: the environment, Resend or SMTP (built-in administrator); a secret left out is kept',
  request: jsonBody(updateEmailSettingsInput),
  responses: { 200: jsonContent(emailSettings, 'Email settings after the change'), ...errors(400, 401, 403) },
});

const test = createRoute({
  ...admin,
  method: 'post',
  path: '/config/email/test',
  summary: 'Send a test email with the saved settings (built-in administrator); a failure says why',
  request: jsonBody(testEmailInput),
  responses: { 200: jsonContent(testEmailResult, 'The email was accepted for delivery'), ...errors(400, 401, 403, 409, 429) },
});

function shown(env: Env, stored: StoredEmailSettings): EmailSettings {
  const { host, port, security, username, password } = stored.smtp;
  return {
    transport: stored.transport,
    sender: stored.sender,
    resend: { keyEnding: stored.resend.apiKey ? (stored.resend.apiKey.ending ?? '') : null },
    smtp: { host, port, security, username, passwordEnding: password ? (password.ending ?? '') : null },
    environment: { resendKeySet: Boolean(env.RESEND_API_KEY), sender: environmentSender(env) },
  };
}

const invalid = (path: string, reason: string) => new ApiError('VALIDATION_FAILED', { fields: [{ path, reason, message: '' }] });

const FAILURE_CODES: Record<EmailFailure, ErrorCode> = {
  'not-configured': 'EMAIL_NOT_CONFIGURED',
  secret: 'EMAIL_SECRET_UNREADABLE',
  auth: 'EMAIL_AUTH_FAILED',
  connection: 'EMAIL_CONNECTION_FAILED',
  timeout: 'EMAIL_TIMEOUT',
  rejected: 'EMAIL_REJECTED',
};

export const emailSettingsRoutes = createRouter()
  .openapi(read, async (c) => c.json(shown(c.env, await storedEmailSettings(c.env.DB, true)), 200))
  .openapi(update, async (c) => {
    const input = c.req.valid('json');
    const before = await storedEmailSettings(c.env.DB, true);
    let next: StoredEmailSettings;
    if (input.transport === 'environment') {
      // The other settings stay, so switching back needs no retyping.
      next = { ...before, transport: 'environment' };
    } else if (input.transport === 'resend') {
      const apiKey = input.apiKey !== undefined ? await sealSecret(c.env, input.apiKey) : before.resend.apiKey;
      if (!apiKey) throw invalid('apiKey', 'required');
      next = { ...before, transport: 'resend', sender: input.sender, resend: { apiKey } };
    } else {
      if (!smtpHostAllowed(c.env, input.host, input.port)) throw invalid('host', 'private_address');
      const username = input.username?.trim() || null;
      // A new user name with no password given keeps none: the old one belonged to someone else.
      const samePerson = username !== null && username === before.smtp.username;
      const password = !username
        ? null
        : input.password !== undefined
          ? await sealSecret(c.env, input.password)
          : samePerson
            ? before.smtp.password
            : null;
      if (username && !password) throw invalid('password', 'required');
      next = {
        ...before,
        transport: 'smtp',
        sender: input.sender,
        smtp: { host: input.host, port: input.port, security: input.security, username, password },
      };
    }
    await saveEmailSettings(c.env.DB, next);
    return c.json(shown(c.env, next), 200);
  })
  .openapi(test, async (c) => {
    const { to } = c.req.valid('json');
    // A test reaches any address: a few an hour, so the instance cannot be made to send mail in bulk.
    await throttle(c.get('db'), [{ key: 'email-test', max: 10, windowSeconds: 3600 }]);
    const locale = c.get('locale');
    const { name, baseUrl } = await instanceIdentity(c.env);
    const stored = await storedEmailSettings(c.env.DB, true);
    const transport = stored.transport;
    const t = (key: 'email.test.subject' | 'email.test.body') => translate(locale, key, { instance: name });
    const parts = composeEmail([t('email.test.body'), ...(baseUrl ? [{ label: name, href: baseUrl }] : [])]);
    const result = await sendEmail(c.env, { to, subject: t('email.test.subject'), ...parts });
    if (!result.sent) {
      const reply = result.reply?.trim();
      throw new ApiError(
        FAILURE_CODES[result.reason],
        reply ? { fields: [{ path: 'reply', reason: 'server_reply', message: reply.slice(0, 300) }] } : undefined,
      );
    }
    return c.json({ sent: true as const, transport }, 200);
  });
