import { startFakeResend } from './fake-resend.ts';
import { startFakeSources } from './fake-sources.ts';

/**
 * Runs in Node before the workerd suite: the fake email provider the Worker's client talks to, and the
 * fake outside sources (covers, published files, BoardGameGeek, Goodreads) its guarded fetch reaches.
 */
export default async function setup() {
  const resend = await startFakeResend(Number(process.env.FAKE_RESEND_PORT));
  const sources = await startFakeSources(Number(process.env.FAKE_SOURCES_PORT));
  const close = (server: typeof resend.server) => new Promise<void>((resolve) => server.close(() => resolve()));
  return async () => {
    await Promise.all([close(resend.server), close(sources.server)]);
  };
}
