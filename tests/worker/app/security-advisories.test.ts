// The classes of the peers' security advisories, replayed against our own endpoints: files uploaded as
// values that a browser would run (Koillection), addresses that reach the machine or its network in any
// spelling (Calibre-Web's cover fetch, Homebox's notifier), spoofed client addresses against the rate
// limits (Homebox), access kept after an account is disabled, and XML entities. Each must be refused by
// rule, whoever asks. CSV formula cells have their own tests (exports), as the guarded fetch has its own.
import { describe, expect, it } from 'vitest';
import { ImportFileError } from '@shared/import/errors';
import { readXmlDocument, readXmlHead } from '@shared/import/xml';
import { setAnswers } from '../../support/fake-sources';
import { ADMIN, call, createUser, signIn } from '../../support/worker-app';
import { addItem, addProperty, createCollection } from '../../support/worker-catalogue';
import { NAME_COLUMN_PLAN, startImport } from '../../support/worker-imports';
import { lendableItem } from '../../support/worker-lending';
import { LOCAL_HOST_SPELLINGS } from '../../support/ssrf-spellings';
import { env } from 'cloudflare:test';

const FAKE = env.FAKE_SOURCES_URL;

interface ErrorBody {
  error: { code: string; details?: { fields?: { path: string; reason: string }[] } };
}
const reasonOf = async (res: Response) => ((await res.json()) as ErrorBody).error.details?.fields?.[0]?.reason;

describe('a file a browser would run, uploaded as a value', () => {
  const page = new TextEncoder().encode('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
  const drawing = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');

  it.each([
    ['an HTML page', page, 'page.html'],
    ['an SVG drawing with script', drawing, 'drawing.svg'],
    ['an HTML page named as a picture', page, 'cover.png'],
  ])('serves %s as a download that the browser may not sniff or run', async (_, bytes, name) => {
    const { token } = await createUser();
    const c = await createCollection(token, { name: 'Files', visibility: 0 });
    await addProperty(token, c.id, { label: 'Attachment', type: 'file' });
    const form = new FormData();
    form.set('file', new File([bytes], name));
    const res = await call(`/api/v1/collections/${c.id}/media`, { method: 'POST', token, body: form });
    expect(res.status).toBe(201);
    const stored = (await res.json()) as { value: string; kind: string };
    expect(stored.kind).toBe('file');
    await addItem(token, c.id, { values: { attachment: stored.value } });
    const served = await call(`/media/${stored.value.slice('media://'.length)}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('never takes an SVG or an HTML page as an image value', async () => {
    const { token } = await createUser();
    const c = await createCollection(token, { name: 'Pictures' });
    await addProperty(token, c.id, { label: 'Picture', type: 'image' });
    for (const [bytes, name] of [
      [drawing, 'cover.svg'],
      [page, 'cover.png'],
    ] as const) {
      const form = new FormData();
      form.set('file', new File([bytes], name));
      const stored = (await (await call(`/api/v1/collections/${c.id}/media`, { method: 'POST', token, body: form })).json()) as {
        value: string;
        kind: string;
      };
      expect(stored.kind, name).toBe('file');
      const res = await call(`/api/v1/collections/${c.id}/items`, { method: 'POST', token, json: { values: { picture: stored.value } } });
      expect(res.status, name).toBe(400);
    }
  });
});

describe('addresses of this machine or its network, in every spelling', () => {
  it('are refused by rule as a cover to fetch, directly and as a redirect', async () => {
    const { token } = await createUser();
    const c = await createCollection(token, { name: 'Covers' });
    for (const [host, why] of LOCAL_HOST_SPELLINGS) {
      const direct = await call(`/api/v1/collections/${c.id}/sources/cover`, {
        method: 'POST',
        token,
        json: { address: `http://${host}/cover.jpg` },
      });
      expect(direct.status, why).toBe(400);
      expect(await reasonOf(direct), why).toBe('fetch_address');
    }
    const redirects = await createUser();
    const other = await createCollection(redirects.token, { name: 'Covers' });
    for (const [host, why] of LOCAL_HOST_SPELLINGS) {
      await setAnswers(FAKE, '/advisories/cover', [{ status: 302, headers: { location: `http://${host}:8787/cover.jpg` } }]);
      const res = await call(`/api/v1/collections/${other.id}/sources/cover`, {
        method: 'POST',
        token: redirects.token,
        json: { address: `${FAKE}/advisories/cover` },
      });
      expect(await reasonOf(res), `redirect to ${why}`).toBe('fetch_address');
    }
  });

  it('are refused by rule as a cover passed through to the browser', async () => {
    const { token } = await createUser();
    const { ticket } = (await (await call('/api/v1/media-ticket', { token })).json()) as { ticket: string };
    for (const [host, why] of LOCAL_HOST_SPELLINGS) {
      const res = await call(`/api/v1/source-cover?address=${encodeURIComponent(`http://${host}/x.png`)}&t=${ticket}`);
      expect(res.status, why).toBe(404);
    }
  });

  it('are refused by rule as a scheduled import, fetched or saved', async () => {
    const { token } = await createUser();
    const c = await createCollection(token, { name: 'Imports' });
    for (const [host, why] of LOCAL_HOST_SPELLINGS) {
      const address = `http://${host}/export.csv`;
      const fetched = await call(`/api/v1/collections/${c.id}/scheduled-imports/fetch`, {
        method: 'POST',
        token,
        json: { kind: 'url', address },
      });
      expect(await reasonOf(fetched), why).toBe('fetch_address');
      const saved = await startImport(token, c.id, 'name\nDune\n', 'a.csv', NAME_COLUMN_PLAN, {
        source: { source: { kind: 'url', address }, schedule: 'daily' },
      });
      expect(saved.status, why).toBe(400);
      expect(await reasonOf(saved), why).toBe('private_address');
    }
  });

  it('are refused by rule as an external module and as the SMTP host', async () => {
    const admin = await signIn(ADMIN.login, ADMIN.password);
    for (const [host, why] of LOCAL_HOST_SPELLINGS) {
      const module = await call('/api/v1/config/modules/external', {
        method: 'POST',
        token: admin,
        json: { address: `https://${host}/module` },
      });
      expect(module.status, why).toBe(400);
      expect(await reasonOf(module), why).toBe('address');
      const smtp = await call('/api/v1/config/email', {
        method: 'PUT',
        token: admin,
        json: { transport: 'smtp', sender: 'Books <books@example.org>', host, port: 587, security: 'starttls', username: null },
      });
      expect(smtp.status, why).toBe(400);
      // A spelling no host name may take is refused by its form; every other one as a local address.
      expect(['private_address', 'invalid_format'], why).toContain(await reasonOf(smtp));
    }
  });
});

describe('a spoofed client address', () => {
  it('never moves the borrow requests’ limit: only CF-Connecting-IP counts', async () => {
    const { itemPath } = await lendableItem();
    const askWith = (i: number) =>
      call(`${itemPath}/borrow`, {
        method: 'POST',
        headers: {
          'cf-connecting-ip': '192.0.2.200',
          'x-forwarded-for': `198.51.100.${i}`,
          'x-real-ip': `198.51.100.${100 + i}`,
          forwarded: `for=198.51.100.${i}`,
        },
        json: { name: 'Bea', email: `bea-${i}@example.test` },
      });
    for (let i = 0; i < 5; i += 1) expect((await askWith(i)).status).toBe(201);
    expect((await askWith(5)).status).toBe(429);
  });
});

describe('an account that is disabled', () => {
  it('loses API access at once: its sessions and its media tickets stop', async () => {
    const { user, token } = await createUser();
    const c = await createCollection(token, { name: 'Mine', visibility: 3 });
    const { ticket } = (await (await call('/api/v1/media-ticket', { token })).json()) as { ticket: string };
    expect((await call('/api/v1/profile', { token })).status).toBe(200);
    const admin = await signIn(ADMIN.login, ADMIN.password);
    expect((await call(`/api/v1/users/${user.id}`, { method: 'PATCH', token: admin, json: { enabled: false } })).status).toBe(200);
    for (const path of ['/api/v1/profile', `/api/v1/collections/${c.id}`, '/api/v1/media-ticket']) {
      expect((await call(path, { token })).status, path).toBe(401);
    }
    expect((await call(`/api/v1/collections/${c.id}`, { method: 'DELETE', token })).status).toBe(401);
    expect((await call(`/api/v1/collections/${c.id}?t=${ticket}`)).status).toBe(404);
  });
});

describe('XML that declares entities', () => {
  const laughs =
    '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><r><x>&b;</x></r>';
  const external = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r><x>&x;</x></r>';

  it.each([
    ['a source’s answer', (xml: string) => readXmlDocument(xml)],
    ['a file’s head', (xml: string) => readXmlHead(xml, 'x')],
  ])('is refused in %s, never expanded', (_, read) => {
    for (const xml of [laughs, external]) {
      expect(() => read(xml)).toThrow(ImportFileError);
      try {
        read(xml);
      } catch (err) {
        expect((err as ImportFileError).problem).toBe('xml_entities');
      }
    }
  });

  it('is refused as a GCstar file, before any write', async () => {
    const { token } = await createUser();
    const c = await createCollection(token, { name: 'Games' });
    const gcstar = `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE collection [<!ENTITY x SYSTEM "file:///etc/passwd">]><collection type="GCboardgames" items="1" version="1.7.0"><information><maxId>1</maxId></information><item id="1" name="&x;"/></collection>`;
    const body = new FormData();
    body.set('file', new File([gcstar], 'games.gcs'));
    body.set(
      'plan',
      JSON.stringify({
        format: 'gcstar',
        fields: [{ field: 'name', property: 'name', create: { label: 'Name', type: 'text', multiple: false } }],
      }),
    );
    const res = await call(`/api/v1/collections/${c.id}/imports`, { method: 'POST', token, body });
    expect(res.status).toBe(400);
    expect(await reasonOf(res)).toBe('xml_entities');
  });
});
