import { startFakeResend } from './fake-resend.ts';

/** Runs in Node before the workerd suite: the fake email provider the Worker's client talks to. */
export default async function setup() {
  const { server } = await startFakeResend(Number(process.env.FAKE_RESEND_PORT));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
