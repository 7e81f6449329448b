// How the instance sends its emails (Configuration → Emails, docs/product.md §2): as the deployment's environment
// says (Resend with RESEND_API_KEY), or as the built-in administrator saved it here, which overrides the
// environment: Resend with a key of its own, or an SMTP server. Secrets (the Resend key, the SMTP
// password) are written, never read back: the server keeps them encrypted and answers only whether one
// is set and its last characters.
import { z } from 'zod';
import { email } from './common';

/** "environment": the deployment's variables; the others are saved in the database. */
export const EMAIL_TRANSPORTS = ['environment', 'resend', 'smtp'] as const;
export type EmailTransport = (typeof EMAIL_TRANSPORTS)[number];

/** tls: TLS from the first byte (port 465); starttls: upgraded after the greeting (587); none: plain (tests, relays). */
export const SMTP_SECURITY = ['tls', 'starttls', 'none'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

export const SMTP_HOST_MAX_LENGTH = 253;
export const EMAIL_SECRET_MAX_LENGTH = 500;
export const EMAIL_SENDER_MAX_LENGTH = 200;
export const SMTP_USERNAME_MAX_LENGTH = 200;

const ADDRESS = String.raw`[^\s<>@"]+@[^\s<>@"]+\.[^\s<>@"]+`;
/** "vitrine@example.org" or "Our books <vitrine@example.org>". */
export const EMAIL_SENDER = new RegExp(`^(?:${ADDRESS}|[^<>"\\r\\n]{1,100} <${ADDRESS}>)$`);
/**
 * A host name or an IPv4 or IPv6 literal, as SMTP servers are named, in capitals or not (written into
 * the pattern, not given by a flag: the OpenAPI document carries it as a plain pattern).
 */
export const SMTP_HOST = /^(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*|\[[0-9a-fA-F:.]+\])$/;

export const emailSender = z.string().trim().max(EMAIL_SENDER_MAX_LENGTH).regex(EMAIL_SENDER, 'invalid_format');
const secret = z.string().min(1).max(EMAIL_SECRET_MAX_LENGTH);

/** The settings as the administrator reads them: never a secret, only whether it is set and how it ends. */
export const emailSettings = z.object({
  transport: z.enum(EMAIL_TRANSPORTS),
  /** The sender saved here; null: the environment's EMAIL_FROM. */
  sender: z.string().nullable(),
  resend: z.object({ keyEnding: z.string().nullable() }),
  smtp: z.object({
    host: z.string().nullable(),
    port: z.number().int().nullable(),
    security: z.enum(SMTP_SECURITY),
    username: z.string().nullable(),
    passwordEnding: z.string().nullable(),
  }),
  /** What the deployment's variables give, used while transport is "environment". */
  environment: z.object({ resendKeySet: z.boolean(), sender: z.string() }),
});
export type EmailSettings = z.infer<typeof emailSettings>;

/**
 * A change. A secret left out keeps the one saved; Resend needs a key (given now or saved before), and
 * SMTP a password only when it has a user name. Saving one transport keeps the other's settings.
 */
export const updateEmailSettingsInput = z.discriminatedUnion('transport', [
  z.object({ transport: z.literal('environment') }).strict(),
  z.object({ transport: z.literal('resend'), sender: emailSender, apiKey: secret.optional() }).strict(),
  z
    .object({
      transport: z.literal('smtp'),
      sender: emailSender,
      host: z.string().trim().min(1).max(SMTP_HOST_MAX_LENGTH).regex(SMTP_HOST, 'invalid_format'),
      port: z.number().int().min(1).max(65535),
      security: z.enum(SMTP_SECURITY),
      /** null or empty: no authentication. */
      username: z.string().trim().max(SMTP_USERNAME_MAX_LENGTH).nullable(),
      password: secret.optional(),
    })
    .strict(),
]);
export type UpdateEmailSettingsInput = z.infer<typeof updateEmailSettingsInput>;

export const testEmailInput = z.object({ to: email }).strict();
export type TestEmailInput = z.infer<typeof testEmailInput>;
export const testEmailResult = z.object({ sent: z.literal(true), transport: z.enum(EMAIL_TRANSPORTS) });
export type TestEmailResult = z.infer<typeof testEmailResult>;
