import { startFakeResend } from './fake-resend.ts';
import { startFakeSmtp } from './fake-smtp.ts';
import { startFakeSources } from './fake-sources.ts';

/**
 * Runs in Node before the workerd suite: the fake email provider the Worker's client talks to, and the
 * fake outside sources (covers, published files, BoardGameGeek, Goodreads) its guarded fetch reaches,
 * and the SMTP servers (one that answers, one that never does) of the SMTP transport.
 */
export default async function setup() {
  const resend = await startFakeResend(Number(process.env.FAKE_RESEND_PORT));
  const sources = await startFakeSources(Number(process.env.FAKE_SOURCES_PORT));
  const smtp = await startFakeSmtp(Number(process.env.FAKE_SMTP_PORT), Number(process.env.FAKE_SMTP_SILENT_PORT));
  const close = (server: typeof resend.server) => new Promise<void>((resolve) => server.close(() => resolve()));
  return async () => {
    await Promise.all([close(resend.server), close(sources.server), smtp.close()]);
  };
}
