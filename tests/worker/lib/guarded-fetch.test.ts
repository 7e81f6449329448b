// The guarded fetch against the fake sources on 127.0.0.1 (the only local host the test allow-list lets
// through): what it refuses before any request, redirects, caps on size and time.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { allowedAddress, FetchRefused, guardedFetch } from '@worker/lib/guarded-fetch';
import { base64, hitsOf, setAnswers } from '../../support/fake-sources';
import { LOCAL_HOST_SPELLINGS } from '../../support/ssrf-spellings';

const FAKE = env.FAKE_SOURCES_URL;
const LIMITS = { maxBytes: 1024, timeoutMs: 2_000 };

async function refusal(url: string, options = LIMITS): Promise<FetchRefused> {
  try {
    await guardedFetch(env, url, options);
  } catch (err) {
    expect(err).toBeInstanceOf(FetchRefused);
    return err as FetchRefused;
  }
  throw new Error(`${url} was fetched`);
}

describe('which addresses may be fetched', () => {
  const noAllowList = { FETCH_ALLOW_HOSTS: '' };

  it.each([
    'https://images.example.org/cover.jpg',
    'http://93.184.216.34/a.png',
    'https://[2606:4700:4700::1111]/x',
    'https://example.org:8443/x',
    'https://example.org./x',
    // IPv6 addresses that carry a public IPv4 address are judged by it.
    'https://[::ffff:93.184.216.34]/x',
    'https://[64:ff9b::93.184.216.34]/x',
  ])('allows the public address %s', (url) => {
    expect(allowedAddress(noAllowList, url)?.href).toBeTruthy();
  });

  it.each([
    ['file:///etc/passwd', 'another scheme'],
    ['ftp://example.org/x', 'another scheme'],
    ['javascript:alert(1)', 'another scheme'],
    ['https://user:secret@example.org/', 'credentials'],
    ['http://localhost:8080/', 'localhost'],
    ['http://api.localhost/', 'a .localhost name'],
    ['http://printer.local/', 'a .local name'],
    ['http://intranet/', 'a name without a dot'],
    ['http://127.0.0.1/', 'loopback'],
    ['http://2130706433/', 'loopback written as a number'],
    ['http://0x7f.1/', 'loopback written in hexadecimal'],
    ['http://10.0.0.8/', 'private'],
    ['http://172.16.4.1/', 'private'],
    ['http://192.168.1.1/', 'private'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local (cloud metadata)'],
    ['http://100.64.1.1/', 'carrier-grade NAT'],
    ['http://0.0.0.0/', 'unspecified'],
    ['http://[::1]/', 'IPv6 loopback'],
    ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped loopback'],
    ['http://[fd00::1]/', 'IPv6 unique local'],
    ['http://[fe80::1]/', 'IPv6 link-local'],
    ['not an address', 'not a URL'],
  ])('refuses %s (%s)', (url) => {
    expect(allowedAddress(noAllowList, url)).toBeNull();
  });

  it.each(LOCAL_HOST_SPELLINGS)('refuses the host %s (%s), over http and https, with any port', (host) => {
    for (const url of [`http://${host}/`, `https://${host}:8443/x`]) expect(allowedAddress(noAllowList, url)).toBeNull();
  });

  it('lets the allow-list through by host and port only', () => {
    const host = new URL(FAKE).host;
    expect(allowedAddress({ FETCH_ALLOW_HOSTS: host }, `${FAKE}/x`)).not.toBeNull();
    expect(allowedAddress({ FETCH_ALLOW_HOSTS: host }, 'http://127.0.0.1:1/x')).toBeNull();
  });

  it('refuses a local address without sending anything', async () => {
    expect((await refusal('http://127.0.0.1:1/never')).problem).toBe('fetch_address');
  });
});

describe('fetching', () => {
  it('gives the bytes and the type of an answer', async () => {
    await setAnswers(FAKE, '/gf/ok.txt', [{ body: base64('bonjour'), headers: { 'content-type': 'text/plain' } }]);
    const fetched = await guardedFetch(env, `${FAKE}/gf/ok.txt`, LIMITS);
    expect(new TextDecoder().decode(fetched.bytes)).toBe('bonjour');
    expect(fetched.contentType).toBe('text/plain');
    expect(fetched.status).toBe(200);
  });

  it('follows redirects, relative ones too, and checks each one', async () => {
    await setAnswers(FAKE, '/gf/from', [{ status: 302, headers: { location: '/gf/middle' } }]);
    await setAnswers(FAKE, '/gf/middle', [{ status: 301, headers: { location: `${FAKE}/gf/to` } }]);
    await setAnswers(FAKE, '/gf/to', [{ body: base64('arrived') }]);
    const fetched = await guardedFetch(env, `${FAKE}/gf/from`, LIMITS);
    expect(new TextDecoder().decode(fetched.bytes)).toBe('arrived');
    expect(fetched.url).toBe(`${FAKE}/gf/to`);
  });

  it('refuses a redirect to a private address, and never asks it', async () => {
    await setAnswers(FAKE, '/gf/to-metadata', [{ status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } }]);
    expect((await refusal(`${FAKE}/gf/to-metadata`)).problem).toBe('fetch_address');
    await setAnswers(FAKE, '/gf/to-loopback', [{ status: 307, headers: { location: 'http://127.0.0.1:1/admin' } }]);
    expect((await refusal(`${FAKE}/gf/to-loopback`)).problem).toBe('fetch_address');
  });

  it('refuses a redirect to any spelling of a local address', async () => {
    for (const [host] of LOCAL_HOST_SPELLINGS) {
      await setAnswers(FAKE, '/gf/to-local', [{ status: 302, headers: { location: `http://${host}:1/admin` } }]);
      expect((await refusal(`${FAKE}/gf/to-local`)).problem, host).toBe('fetch_address');
    }
  });

  it('stops a redirect loop', async () => {
    await setAnswers(FAKE, '/gf/loop', [{ status: 302, headers: { location: '/gf/loop' } }]);
    expect((await refusal(`${FAKE}/gf/loop`)).problem).toBe('fetch_redirects');
    expect((await hitsOf(FAKE, '/gf/loop')).hits).toBe(6);
  });

  it('reports an error status with its code', async () => {
    await setAnswers(FAKE, '/gf/gone', [{ status: 404, body: base64('no') }]);
    const refused = await refusal(`${FAKE}/gf/gone`);
    expect(refused.problem).toBe('fetch_status');
    expect(refused.status).toBe(404);
  });

  it('refuses an answer larger than the cap, by its header or as it streams', async () => {
    await setAnswers(FAKE, '/gf/big', [{ body: base64(new Uint8Array(4096)) }]);
    expect((await refusal(`${FAKE}/gf/big`)).problem).toBe('fetch_too_big');
    // No Content-Length: a thousand chunks of 1 KB would never end in time; it stops after the second.
    await setAnswers(FAKE, '/gf/endless', [{ stream: { bytes: 1024, count: 1000, intervalMs: 5 } }]);
    expect((await refusal(`${FAKE}/gf/endless`)).problem).toBe('fetch_too_big');
  });

  it('reads a declared length whole, and still caps a compressed answer by what it inflates to', async () => {
    const picture = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
    await setAnswers(FAKE, '/gf/declared', [{ body: base64(picture) }]);
    expect(Array.from((await guardedFetch(env, `${FAKE}/gf/declared`, LIMITS)).bytes)).toEqual(Array.from(picture));
    // 64 KB of zeros gzipped to well under the cap: its small Content-Length must not let it through.
    const inflated = new Uint8Array(64 * 1024);
    const gzipped = new Uint8Array(
      await new Response(new Blob([inflated]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer(),
    );
    expect(gzipped.length).toBeLessThan(LIMITS.maxBytes);
    await setAnswers(FAKE, '/gf/bomb', [{ headers: { 'content-encoding': 'gzip' }, body: base64(gzipped) }]);
    expect((await refusal(`${FAKE}/gf/bomb`)).problem).toBe('fetch_too_big');
  });

  it('gives up on a server that is too slow, to answer or to send its body', async () => {
    await setAnswers(FAKE, '/gf/slow', [{ delayMs: 1_500, body: base64('late') }]);
    expect((await refusal(`${FAKE}/gf/slow`, { maxBytes: 1024, timeoutMs: 300 })).problem).toBe('fetch_timeout');
    await setAnswers(FAKE, '/gf/trickle', [{ stream: { bytes: 10, count: 50, intervalMs: 50 } }]);
    expect((await refusal(`${FAKE}/gf/trickle`, { maxBytes: 100_000, timeoutMs: 300 })).problem).toBe('fetch_timeout');
  });

  it('says when nothing answers', async () => {
    const closed = 'http://127.0.0.1:9/';
    const refused = await guardedFetch({ FETCH_ALLOW_HOSTS: '127.0.0.1:9' }, closed, LIMITS).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(FetchRefused);
    expect((refused as FetchRefused).problem).toBe('fetch_network');
  });
});
