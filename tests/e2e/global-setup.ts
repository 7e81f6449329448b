import { E2E } from '../support/e2e-settings.mjs';
import { startFakeResend } from '../support/fake-resend.ts';

/** The fake email provider the instances send to (their RESEND_BASE_URL points here). */
export default async function globalSetup() {
  const { server } = await startFakeResend(E2E.resendPort);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
