import { E2E } from '../support/e2e-settings.mjs';
import { startFakeResend } from '../support/fake-resend.ts';
import { startFakeSources } from '../support/fake-sources.ts';

/**
 * The fake email provider the instances send to (their RESEND_BASE_URL points here), and the fake outside
 * sources their guarded fetch may reach (FETCH_ALLOW_HOSTS, BGG_BASE_URL, GOODREADS_BASE_URL).
 */
export default async function globalSetup() {
  const resend = await startFakeResend(E2E.resendPort);
  const sources = await startFakeSources(E2E.sourcesPort);
  const close = (server: typeof resend.server) => new Promise<void>((resolve) => server.close(() => resolve()));
  return async () => {
    await Promise.all([close(resend.server), close(sources.server)]);
  };
}
