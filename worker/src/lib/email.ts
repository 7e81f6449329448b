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

export async function sendEmail(env: Env, message: EmailMessage): Promise<SendResult> {
  if (!env.RESEND_API_KEY) {
    // Logged without the recipient or the content: emails may carry reset links.
    console.warn('email not sent: RESEND_API_KEY is not configured');
    return { sent: false, reason: 'not-configured' };
  }
  const resend = new Resend(env.RESEND_API_KEY, {
    baseUrl: env.RESEND_BASE_URL || 'https://api.resend.com',
  });
  const { data, error } = await resend.emails.send({
    from: env.EMAIL_FROM || 'Vitrine <vitrine@example.com>',
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
