// A stand-in for Resend's HTTP API on 127.0.0.1: the Worker's real email client posts to it, and tests
// read what it captured (and what the fake SMTP server received). Used by the worker suite (globalSetup)
// and the browser suite.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { smtpInbox } from './fake-smtp.ts';

export interface CapturedEmail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  authorization: string | undefined;
}

export async function startFakeResend(port = 0): Promise<{ url: string; server: Server }> {
  const messages: CapturedEmail[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      // Resend answers a key it does not know with 403 invalid_api_key.
      if (req.method === 'POST' && req.headers.authorization === 'Bearer re_refused_key_0000') {
        return reply(403, { statusCode: 403, name: 'invalid_api_key', message: 'API key is invalid' });
      }
      if (req.method === 'POST' && req.url === '/emails') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Omit<CapturedEmail, 'id' | 'authorization'>;
        const id = `email_${messages.length + 1}`;
        messages.push({ ...body, to: [body.to].flat(), id, authorization: req.headers.authorization });
        return reply(200, { id });
      }
      if (req.method === 'POST' && req.url === '/emails/batch') {
        const batch = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Omit<CapturedEmail, 'id' | 'authorization'>[];
        if (!Array.isArray(batch) || batch.length > 100)
          return reply(422, { name: 'validation_error', message: 'A batch holds 1 to 100 emails' });
        const data = batch.map((body) => {
          const id = `email_${messages.length + 1}`;
          messages.push({ ...body, to: [body.to].flat(), id, authorization: req.headers.authorization });
          return { id };
        });
        return reply(200, { data });
      }
      // What the fake SMTP server of the same process received (tests/support/fake-smtp.ts).
      if (req.method === 'GET' && req.url?.startsWith('/__smtp')) {
        const to = new URL(req.url, 'http://x').searchParams.get('to');
        return reply(200, to ? smtpInbox.filter((m) => m.to.includes(to)) : smtpInbox);
      }
      if (req.method === 'GET' && req.url?.startsWith('/__messages')) {
        const to = new URL(req.url, 'http://x').searchParams.get('to');
        return reply(200, to ? messages.filter((m) => m.to.includes(to)) : messages);
      }
      return reply(404, { name: 'not_found', message: 'Unknown route' });
    });
  });
  // Node closes an idle kept-alive connection after 5 s; a client that reuses it at that moment (workerd,
  // a test's fetch) loses its request ("Network connection lost"), which a loaded machine made likely.
  // Idle connections stay open instead: the client closes them.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${actual}`, server };
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
