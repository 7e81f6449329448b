// Email transport. Resend is the default; its base URL is configurable so tests (and self-hosters
// with a compatible relay) can point it elsewhere. Messages always carry a text part.
import { Resend } from 'resend';
import type { Env } from '../env';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type SendResult = { sent: true; id: string | null } | { sent: false; reason: string };

/** Messages one batch request may carry (Resend's limit). */
export const EMAIL_BATCH_MAX = 100;

function client(env: Env): Resend | null {
  if (!env.RESEND_API_KEY) {
    // Logged without the recipient or the content: emails may carry reset links.
    console.warn('email not sent: RESEND_API_KEY is not configured');
    return null;
  }
  return new Resend(env.RESEND_API_KEY, { baseUrl: env.RESEND_BASE_URL || 'https://api.resend.com' });
}

const sender = (env: Env) => env.EMAIL_FROM || 'Vitrine <vitrine@example.com>';

export async function sendEmail(env: Env, message: EmailMessage): Promise<SendResult> {
  const resend = client(env);
  if (!resend) return { sent: false, reason: 'not-configured' };
  const { data, error } = await resend.emails.send({
    from: sender(env),
    to: [message.to],
    subject: message.subject,
    text: message.text,
    html: message.html,
  });
  if (error) {
    console.error('email not sent: transport error', error.name);
    return { sent: false, reason: error.name };
  }
  return { sent: true, id: data?.id ?? null };
}

/**
 * Up to EMAIL_BATCH_MAX messages in ONE request (Resend's batch endpoint): a scheduled run pays one
 * subrequest for a whole page of notices instead of one each. All are sent, or none.
 */
export async function sendEmails(env: Env, messages: EmailMessage[]): Promise<{ sent: number } | { sent: 0; reason: string }> {
  if (messages.length === 0) return { sent: 0 };
  if (messages.length > EMAIL_BATCH_MAX) throw new Error(`a batch holds at most ${EMAIL_BATCH_MAX} emails, not ${messages.length}`);
  const resend = client(env);
  if (!resend) return { sent: 0, reason: 'not-configured' };
  const from = sender(env);
  const { error } = await resend.batch.send(messages.map(({ to, subject, text, html }) => ({ from, to: [to], subject, text, html })));
  if (error) {
    console.error('emails not sent: transport error', error.name);
    return { sent: 0, reason: error.name };
  }
  return { sent: messages.length };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** A paragraph of an email, or its one call to action (a link, shown in full in the text part). */
export type EmailBlock = string | { label: string; href: string };

/** The text and HTML parts of an email from the same blocks, so both always say the same. */
export function composeEmail(blocks: EmailBlock[]): { text: string; html: string } {
  const text = blocks.map((b) => (typeof b === 'string' ? b : b.href)).join('\n\n');
  const html = blocks
    .map((b) =>
      typeof b === 'string'
        ? `<p>${escapeHtml(b)}</p>`
        : `<p><a href="${escapeHtml(b.href)}">${escapeHtml(b.label)}</a></p>`,
    )
    .join('\n');
  return { text, html };
}
