import { E2E } from '../support/e2e-settings.mjs';
import { startFakeResend } from '../support/fake-resend.ts';
import { startFakeSmtp } from '../support/fake-smtp.ts';
import { startFakeSources } from '../support/fake-sources.ts';

/**
 * The fake email provider the instances send to (their RESEND_BASE_URL points here), and the fake outside
 * sources their guarded fetch may reach (FETCH_ALLOW_HOSTS, BGG_BASE_URL, GOODREADS_BASE_URL), and the
 * SMTP server an administrator may point Configuration → Emails at.
 */
export default async function globalSetup() {
  const resend = await startFakeResend(E2E.resendPort);
  const sources = await startFakeSources(E2E.sourcesPort);
  const smtp = await startFakeSmtp(E2E.smtpPort, E2E.smtpSilentPort);
  const close = (server: typeof resend.server) => new Promise<void>((resolve) => server.close(() => resolve()));
  return async () => {
    await Promise.all([close(resend.server), close(sources.server), smtp.close()]);
  };
}
