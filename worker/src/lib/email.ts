// Sending email: one message (sendEmail) or a page of them (sendEmails), by whichever transport is in
// force (lib/email-transports.ts: the administrator's Resend or SMTP settings, else the environment's
// Resend key). Messages always carry a text part. Failures are logged without recipient or content
// (emails may carry reset links) and returned, never thrown: an email is never worth a failed request.
import type { Env } from '../env';
import { currentSender, type EmailFailure, type EmailMessage, resendFailure, type SendResult, sendOverSmtp } from './email-transports';

export type { EmailMessage, SendResult } from './email-transports';

/** Messages one batch request may carry (Resend's limit). */
export const EMAIL_BATCH_MAX = 100;

export async function sendEmail(env: Env, message: EmailMessage): Promise<SendResult> {
  const sender = await currentSender(env);
  if (sender.kind === 'none') {
    console.warn('email not sent:', sender.reason);
    return { sent: false, reason: sender.reason };
  }
  if (sender.kind === 'smtp') {
    const { sent, failure } = await sendOverSmtp(sender, [message]);
    if (sent === 1) return { sent: true, id: null };
    console.error('email not sent: SMTP', failure?.reason);
    return { sent: false, ...(failure ?? { reason: 'connection' }) };
  }
  const { data, error } = await sender.client.emails.send({
    from: sender.from,
    to: [message.to],
    subject: message.subject,
    text: message.text,
    html: message.html,
  });
  if (error) {
    console.error('email not sent: transport error', error.name);
    return { sent: false, ...resendFailure(error) };
  }
  return { sent: true, id: data?.id ?? null };
}

/**
 * Up to EMAIL_BATCH_MAX messages: with Resend in ONE request (its batch endpoint, all sent or none), so a
 * scheduled run pays one subrequest for a whole page of notices; over SMTP on one connection, one after
 * another (`sent` then says how many went before a failure).
 */
export async function sendEmails(env: Env, messages: EmailMessage[]): Promise<{ sent: number } | { sent: number; reason: EmailFailure }> {
  if (messages.length === 0) return { sent: 0 };
  if (messages.length > EMAIL_BATCH_MAX) throw new Error(`a batch holds at most ${EMAIL_BATCH_MAX} emails, not ${messages.length}`);
  const sender = await currentSender(env);
  if (sender.kind === 'none') {
    console.warn('emails not sent:', sender.reason);
    return { sent: 0, reason: sender.reason };
  }
  if (sender.kind === 'smtp') {
    const { sent, failure } = await sendOverSmtp(sender, messages);
    if (!failure) return { sent };
    console.error('emails not all sent: SMTP', failure.reason, sent);
    return { sent, reason: failure.reason };
  }
  const { from } = sender;
  const { error } = await sender.client.batch.send(
    messages.map(({ to, subject, text, html }) => ({ from, to: [to], subject, text, html })),
  );
  if (error) {
    console.error('emails not sent: transport error', error.name);
    return { sent: 0, reason: resendFailure(error).reason };
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
    .map((b) => (typeof b === 'string' ? `<p>${escapeHtml(b)}</p>` : `<p><a href="${escapeHtml(b.href)}">${escapeHtml(b.label)}</a></p>`))
    .join('\n');
  return { text, html };
}
