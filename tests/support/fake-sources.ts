// Stand-ins for the outside world the Worker fetches from (covers at addresses, spreadsheets published at
// a URL, BoardGameGeek's XML API, Goodreads' shelf feeds), on 127.0.0.1. Tests say what a path answers
// (POST /__set), then the Worker's real code fetches it; /__hits tells how often a path was asked.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer of a path. `stream` sends `count` chunks of `bytes` bytes, without a Content-Length. */
export interface FakeAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** The body, base64. */
  body?: string;
  delayMs?: number;
  stream?: { bytes: number; count: number; intervalMs: number };
}

/**
 * Answers given in turn; the last one repeats. Keyed by path with its query, exactly as requested, or by
 * a prefix (set with `prefix: true`) that answers every path starting with it.
 */
interface Route {
  answers: FakeAnswer[];
  hits: number;
  /** What the last request carried, for tests that check headers (BoardGameGeek's token). */
  lastAuthorization: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeSources(port = 0): Promise<{ url: string; server: Server }> {
  const routes = new Map<string, Route>();
  const prefixes = new Map<string, Route>();
  const routeOf = (path: string) => routes.get(path) ?? [...prefixes].find(([prefix]) => path.startsWith(prefix))?.[1];
  const server = createServer((req, res) => {
    void (async () => {
      const path = req.url ?? '/';
      if (req.method === 'POST' && path === '/__set') {
        const {
          path: target,
          answers,
          prefix,
        } = JSON.parse(await readBody(req)) as { path: string; answers: FakeAnswer[]; prefix?: boolean };
        (prefix ? prefixes : routes).set(target, { answers, hits: 0, lastAuthorization: null });
        res.writeHead(204).end();
        return;
      }
      if (req.method === 'GET' && path.startsWith('/__hits')) {
        const target = new URL(path, 'http://x').searchParams.get('path') ?? '';
        const route = routes.get(target) ?? prefixes.get(target);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ hits: route?.hits ?? 0, authorization: route?.lastAuthorization ?? null }));
        return;
      }
      const route = routeOf(path);
      if (!route) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
        return;
      }
      const answer = route.answers[Math.min(route.hits, route.answers.length - 1)]!;
      route.hits += 1;
      route.lastAuthorization = req.headers.authorization ?? null;
      if (answer.delayMs) await sleep(answer.delayMs);
      if (answer.stream) {
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/octet-stream', ...answer.headers });
        const chunk = Buffer.alloc(answer.stream.bytes, 0x61);
        for (let i = 0; i < answer.stream.count && !res.destroyed; i += 1) {
          res.write(chunk);
          await sleep(answer.stream.intervalMs);
        }
        res.end();
        return;
      }
      const body = Buffer.from(answer.body ?? '', 'base64');
      res.writeHead(answer.status ?? 200, { 'content-length': String(body.length), ...answer.headers });
      res.end(body);
    })().catch(() => res.destroy());
  });
  // Node closes an idle kept-alive connection after 5 s; a client that reuses it at that moment (workerd,
  // a test's fetch) loses its request ("Network connection lost"), which a loaded machine made likely.
  // Idle connections stay open instead: the client closes them.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${actual}`, server };
}

/** Test side: says what `path` (or, with `prefix`, every path under it) answers on the fake at `base`. */
export async function setAnswers(base: string, path: string, answers: FakeAnswer[], options: { prefix?: boolean } = {}): Promise<void> {
  const response = await fetch(`${base}/__set`, {
    method: 'POST',
    body: JSON.stringify({ path, answers, prefix: options.prefix ?? false }),
  });
  if (!response.ok) throw new Error(`fake sources: ${response.status}`);
}

/** Test side: how often `path` was requested, and the Authorization it last carried. */
export async function hitsOf(base: string, path: string): Promise<{ hits: number; authorization: string | null }> {
  return (await (await fetch(`${base}/__hits?path=${encodeURIComponent(path)}`)).json()) as { hits: number; authorization: string | null };
}

/** Base64 of a text (as UTF-8) or bytes, in slices so that large files fit the call stack. */
export function base64(data: string | Uint8Array): string {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** An answer of JSON, as the sources' APIs give it. */
export const jsonAnswer = (value: unknown): FakeAnswer => ({
  body: base64(JSON.stringify(value)),
  headers: { 'content-type': 'application/json' },
});

/** A fresh ISBN-13 (978, a random body, its check digit): no other test's cached answer knows it. */
export function freshIsbn(): string {
  const body = `978${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
