// The one way the Worker fetches an address a person gave (a cover, a scheduled import), under the
// safety rules of the product: http(s) only, no credentials in the address, never a private, loopback,
// link-local or otherwise special address (the test allow-list aside), every redirect checked by the
// same rules, and caps on time and size however the server answers.
//
// Addresses are judged as written: a Worker cannot resolve names, and Cloudflare's network does not
// route a public name to a private address, so a name is refused only when it is local by design
// (localhost and every *.localhost, localhost.localdomain, .local, .internal, with or without a root dot)
// or an IP literal in a special range (ipaddr.js knows the ranges, in every spelling the URL parser
// accepts: 0x7f.1, 2130706433, [::ffff:127.0.0.1]...; an IPv6 address carrying an IPv4 one is judged
// by the IPv4 one: [::127.0.0.1], [64:ff9b::a00:1], [2002:7f00:1::]).
import ipaddr from 'ipaddr.js';
import type { Env } from '../env';

/** Why a fetch gave nothing; each has a message for people (worker i18n, web messages). */
export type FetchProblem =
  | 'fetch_address' // not http(s), credentials in it, or a private or local address
  | 'fetch_redirects' // more redirects than allowed, or one without a usable Location
  | 'fetch_status' // the server answered an error (status in details)
  | 'fetch_too_big' // more bytes than the cap
  | 'fetch_timeout' // no whole answer in time
  | 'fetch_network'; // no answer at all (refused connection, unknown name)

export class FetchRefused extends Error {
  constructor(
    readonly problem: FetchProblem,
    readonly status: number | null = null,
  ) {
    super(status === null ? problem : `${problem} (${status})`);
    this.name = 'FetchRefused';
  }
}

export interface GuardedFetchOptions {
  /** Bytes the answer may have at most, by its header or as it streams. */
  maxBytes: number;
  /** Milliseconds for the whole fetch, redirects and body included. */
  timeoutMs: number;
  /** Redirects followed at most (each one checked). */
  maxRedirects?: number;
  headers?: Record<string, string>;
  /** https only, redirects included (the test allow-list aside). */
  httpsOnly?: boolean;
}

export interface Fetched {
  bytes: Uint8Array;
  status: number;
  contentType: string | null;
  /** The address that answered, after redirects. */
  url: string;
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|home\.arpa|localdomain)$/i;

/** The hosts (host:port, as in URL.host) tests may fetch although they are local: FETCH_ALLOW_HOSTS. */
function allowList(env: Pick<Env, 'FETCH_ALLOW_HOSTS'>): Set<string> {
  return new Set(
    (env.FETCH_ALLOW_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** IPv6 ranges whose last 32 bits are an IPv4 address (mapped, translated, NAT64 prefixes). */
const EMBEDS_IPV4_AT_END = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052']);

/**
 * The IPv4 address an IPv6 address carries by design, or null: the ranges above, the deprecated
 * IPv4-compatible ::/96 (::127.0.0.1), and 6to4 (2002:AABB:CCDD::/48 carries AA.BB.CC.DD).
 */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = v6.parts;
  const fromWords = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
  if (EMBEDS_IPV4_AT_END.has(v6.range()) || parts.slice(0, 6).every((part) => part === 0)) return fromWords(parts[6]!, parts[7]!);
  if (v6.range() === '6to4') return fromWords(parts[1]!, parts[2]!);
  return null;
}

/**
 * Whether an IP literal (v4 or v6, brackets removed) is an ordinary public unicast address. An IPv6
 * address that carries an IPv4 one is judged as that IPv4 address: public only if it is.
 */
function publicAddress(literal: string): boolean {
  const address = ipaddr.parse(literal);
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const embedded = embeddedIPv4(address as ipaddr.IPv6);
  return (embedded ?? address).range() === 'unicast';
}

/**
 * The address as a URL when the rules allow fetching it, else null. `httpsOnly` (external modules)
 * refuses plain http too, but for the test allow-list's hosts.
 */
export function allowedAddress(env: Pick<Env, 'FETCH_ALLOW_HOSTS'>, raw: string, httpsOnly = false): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  if (allowList(env).has(url.host.toLowerCase())) return url;
  if (httpsOnly && url.protocol !== 'https:') return null;
  // A name's root dot ("localhost.") names the same host as without it.
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  if (ipaddr.isValid(host)) return publicAddress(host) ? url : null;
  // A name: refused when local by design, or without a dot (an intranet name).
  if (LOCAL_NAMES.test(host) || !host.includes('.')) return null;
  return url;
}

/**
 * The body, at most `maxBytes`. When the answer declares its length and is not compressed, the runtime
 * reads it whole (native code), since it cannot go past that length; otherwise it is read chunk by chunk
 * and counted, so that an endless or decompressing body stops at the cap. The chunk by chunk reading
 * took about 1.2 ms of the Worker's CPU for a 200 KB cover (`npm run bench -- --workflows`).
 */
async function readBody(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = response.headers.get('content-length');
  const encoding = response.headers.get('content-encoding');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) <= maxBytes && (encoding === null || encoding === 'identity')) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > maxBytes) throw new FetchRefused('fetch_too_big');
    return bytes;
  }
  return readCapped(response.body, maxBytes);
}

async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel();
      throw new FetchRefused('fetch_too_big');
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/**
 * GETs `raw` under the rules above and gives its bytes, or throws FetchRefused saying why. A status of
 * 400 or more is a refusal (fetch_status); any other answer (2xx, or 202 for a queued BoardGameGeek
 * collection) is returned for the caller to judge.
 */
export async function guardedFetch(env: Pick<Env, 'FETCH_ALLOW_HOSTS'>, raw: string, options: GuardedFetchOptions): Promise<Fetched> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const maxRedirects = options.maxRedirects ?? 5;
  let url = allowedAddress(env, raw, options.httpsOnly);
  try {
    for (let hop = 0; ; hop += 1) {
      if (!url) throw new FetchRefused('fetch_address');
      let response: Response;
      try {
        response = await fetch(url.href, { method: 'GET', redirect: 'manual', signal, headers: options.headers });
      } catch (err) {
        if (signal.aborted) throw new FetchRefused('fetch_timeout');
        if (err instanceof FetchRefused) throw err;
        throw new FetchRefused('fetch_network');
      }
      if (response.status >= 300 && response.status < 400 && response.status !== 304) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location || hop >= maxRedirects) throw new FetchRefused('fetch_redirects');
        url = allowedAddress(env, new URL(location, url).href, options.httpsOnly);
        continue;
      }
      if (response.status >= 400) {
        await response.body?.cancel();
        throw new FetchRefused('fetch_status', response.status);
      }
      const declared = Number(response.headers.get('content-length'));
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        await response.body?.cancel();
        throw new FetchRefused('fetch_too_big');
      }
      const bytes = await readBody(response, options.maxBytes);
      return { bytes, status: response.status, contentType: response.headers.get('content-type'), url: url.href };
    }
  } catch (err) {
    if (err instanceof FetchRefused) throw err;
    // The body stopped arriving (the time ran out while reading it) or the connection broke.
    throw new FetchRefused(signal.aborted ? 'fetch_timeout' : 'fetch_network');
  }
}
