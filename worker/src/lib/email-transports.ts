// Which way an email leaves, and the two ways themselves. The administrator's choice (Configuration →
// Emails) is a settings row, `email`, that overrides the environment: Resend with its own key, or an SMTP
// server reached over the Workers TCP sockets API (worker-mailer). Without that row, Resend with
// RESEND_API_KEY, as deployed. Each isolate keeps the row a short time, as it keeps the other settings.
import { Resend } from 'resend';
import { WorkerMailer } from 'worker-mailer';
import type { EmailTransport, SmtpSecurity } from '@shared/schemas/email-settings';
import { storedSetting } from './stored-setting';
import type { Env } from '../env';
import { allowedAddress } from './guarded-fetch';
import { openSecret, type SealedSecret } from './secrets';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Why nothing was sent, in words a person can act on (shared/errors.ts has a code for each). */
export type EmailFailure =
  | 'not-configured' // no transport at all
  | 'secret' // the saved key or password cannot be opened: APP_SECRET changed since it was saved
  | 'auth' // the server or provider refused the credentials
  | 'connection' // refused, unknown host, a host that may not be reached, TLS that failed
  | 'timeout' // no answer in time
  | 'rejected'; // the server or provider refused the message (its own words in `reply`)

export type SendResult = { sent: true; id: string | null } | { sent: false; reason: EmailFailure; reply?: string };

/** The `email` settings row as stored (its secrets sealed by lib/secrets.ts). */
export interface StoredEmailSettings {
  transport: EmailTransport;
  sender: string | null;
  resend: { apiKey: SealedSecret | null };
  smtp: { host: string | null; port: number | null; security: SmtpSecurity; username: string | null; password: SealedSecret | null };
}

export const EMAIL_SETTINGS_KEY = 'email';
export const EMPTY_EMAIL_SETTINGS: StoredEmailSettings = {
  transport: 'environment',
  sender: null,
  resend: { apiKey: null },
  smtp: { host: null, port: null, security: 'starttls', username: null, password: null },
};

function parseStored(value: unknown): StoredEmailSettings {
  if (!value || typeof value !== 'object') return EMPTY_EMAIL_SETTINGS;
  const stored = value as Partial<StoredEmailSettings>;
  return {
    ...EMPTY_EMAIL_SETTINGS,
    ...stored,
    resend: { ...EMPTY_EMAIL_SETTINGS.resend, ...stored.resend },
    smtp: { ...EMPTY_EMAIL_SETTINGS.smtp, ...stored.smtp },
  };
}

const emailSetting = storedSetting(EMAIL_SETTINGS_KEY, parseStored);

/** The saved email settings (or the empty ones), through this isolate's short-lived copy. */
export const storedEmailSettings = (db: D1Database, fresh = false): Promise<StoredEmailSettings> => emailSetting.read(db, fresh);

/** Saves the settings and makes this isolate use them at once. */
export const saveEmailSettings = (db: D1Database, stored: StoredEmailSettings): Promise<void> => emailSetting.save(db, stored);

/** "Name <address>" or "address", as SMTP's envelope and headers want it. */
export function parseSender(sender: string): { name?: string; email: string } {
  const match = /^(.*?)\s*<([^<>]+)>$/.exec(sender.trim());
  return match ? { name: match[1]!.trim() || undefined, email: match[2]! } : { email: sender.trim() };
}

/** The way an email leaves now, ready to send, or why there is none. */
export type Sender =
  | { kind: 'resend'; transport: EmailTransport; client: Resend; from: string }
  | { kind: 'smtp'; transport: 'smtp'; from: string; options: SmtpOptions }
  | { kind: 'none'; reason: EmailFailure };

interface SmtpOptions {
  host: string;
  port: number;
  secure: boolean;
  startTls: boolean;
  credentials?: { username: string; password: string };
  authType: ('plain' | 'login' | 'cram-md5')[];
  socketTimeoutMs: number;
  responseTimeoutMs: number;
}

const resendClient = (env: Env, key: string) => new Resend(key, { baseUrl: env.RESEND_BASE_URL || 'https://api.resend.com' });
export const environmentSender = (env: Env) => env.EMAIL_FROM || 'Vitrine <vitrine@example.com>';

/** Whether an SMTP server may be reached: the guarded fetch's rules for addresses, applied to host:port. */
export function smtpHostAllowed(env: Pick<Env, 'FETCH_ALLOW_HOSTS'>, host: string, port: number): boolean {
  return allowedAddress(env, `https://${host}:${port}/`) !== null;
}

export async function currentSender(env: Env): Promise<Sender> {
  const stored = await storedEmailSettings(env.DB);
  if (stored.transport === 'resend') {
    const key = await openSecret(env, stored.resend.apiKey);
    if (!key) return { kind: 'none', reason: 'secret' };
    return { kind: 'resend', transport: 'resend', client: resendClient(env, key), from: stored.sender ?? environmentSender(env) };
  }
  if (stored.transport === 'smtp') {
    const { host, port, security, username } = stored.smtp;
    if (!host || !port) return { kind: 'none', reason: 'not-configured' };
    if (!smtpHostAllowed(env, host, port)) return { kind: 'none', reason: 'connection' };
    let credentials: SmtpOptions['credentials'];
    if (username) {
      const password = await openSecret(env, stored.smtp.password);
      if (password === null) return { kind: 'none', reason: 'secret' };
      credentials = { username, password };
    }
    const timeout = Number(env.SMTP_TIMEOUT_MS) || 10_000;
    return {
      kind: 'smtp',
      transport: 'smtp',
      from: stored.sender ?? environmentSender(env),
      options: {
        host: host.replace(/^\[|\]$/g, ''),
        port,
        secure: security === 'tls',
        startTls: security === 'starttls',
        credentials,
        authType: ['plain', 'login', 'cram-md5'],
        socketTimeoutMs: timeout,
        responseTimeoutMs: timeout,
      },
    };
  }
  if (!env.RESEND_API_KEY) return { kind: 'none', reason: 'not-configured' };
  return { kind: 'resend', transport: 'environment', client: resendClient(env, env.RESEND_API_KEY), from: environmentSender(env) };
}

/** Resend's answer when it refused: its error's name says whether the key or the message was at fault. */
export function resendFailure(error: { name?: string; message?: string }): { reason: EmailFailure; reply?: string } {
  const name = error.name ?? '';
  if (/api_key|unauthorized|forbidden/i.test(name)) return { reason: 'auth', reply: error.message };
  if (name === 'application_error' && /unable to fetch/i.test(error.message ?? '')) return { reason: 'connection' };
  return { reason: 'rejected', reply: error.message };
}

/** worker-mailer says what failed only in its messages: they are sorted here into what a person can do. */
export function smtpFailure(err: unknown): { reason: EmailFailure; reply?: string } {
  const message = err instanceof Error ? err.message : String(err);
  const reply = message.slice(0, 300);
  if (/timeout/i.test(message)) return { reason: 'timeout' };
  if (/authentication|invalid login|requires authentication|no supported auth/i.test(message)) return { reason: 'auth', reply };
  if (/^Invalid (MAIL|RCPT)|DATA|email body/i.test(message)) return { reason: 'rejected', reply };
  return { reason: 'connection', reply };
}

/** Sends each message over one SMTP connection; stops at the first failure, saying how many went. */
export async function sendOverSmtp(
  sender: Extract<Sender, { kind: 'smtp' }>,
  messages: EmailMessage[],
): Promise<{ sent: number; failure?: { reason: EmailFailure; reply?: string } }> {
  let mailer: WorkerMailer;
  try {
    mailer = await WorkerMailer.connect({ ...sender.options, logLevel: 4 });
  } catch (err) {
    return { sent: 0, failure: smtpFailure(err) };
  }
  let sent = 0;
  try {
    for (const message of messages) {
      await mailer.send({
        from: parseSender(sender.from),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      sent += 1;
    }
    return { sent };
  } catch (err) {
    return { sent, failure: smtpFailure(err) };
  } finally {
    await mailer.close().catch(() => {});
  }
}
