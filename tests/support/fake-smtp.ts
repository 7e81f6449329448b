// A real SMTP server on 127.0.0.1 (the smtp-server package), for the Worker's SMTP transport: it asks
// for a user name and password (FAKE_SMTP_USER / FAKE_SMTP_PASSWORD), refuses others with 535 as mail
// servers do, and keeps what it receives. Beside it, a server that accepts connections and never
// greets (a mail server that hangs). Tests read the received messages through the fake Resend's
// HTTP server (`/__smtp?to=`), which runs in the same process.
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export const FAKE_SMTP_USER = 'vitrine-mailer';
export const FAKE_SMTP_PASSWORD = 'smtp-password-for-tests';

export interface ReceivedEmail {
  from: string;
  to: string[];
  user: string | null;
  /** The whole message as it came: headers, then the text and HTML parts. */
  raw: string;
  /** The message with its quoted-printable parts decoded, to read what a person reads. */
  decoded: string;
}

/** Undoes quoted-printable (soft line breaks, =XX bytes) over the whole message, read as UTF-8. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}$/i.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

export const smtpInbox: ReceivedEmail[] = [];

export async function startFakeSmtp(port: number, silentPort: number): Promise<{ close: () => Promise<void> }> {
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === FAKE_SMTP_USER && auth.password === FAKE_SMTP_PASSWORD) return callback(null, { user: auth.username });
      return callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@refused.test'))
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        smtpInbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : null,
          raw: Buffer.concat(chunks).toString('utf8'),
          decoded: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const open = new Set<Socket>();
  const silent: TcpServer = createTcpServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(silentPort, '127.0.0.1', resolve));
  return {
    close: async () => {
      for (const socket of open) socket.destroy();
      await Promise.all([
        new Promise<void>((resolve) => server.close(() => resolve())),
        new Promise<void>((resolve) => silent.close(() => resolve())),
      ]);
    },
  };
}
