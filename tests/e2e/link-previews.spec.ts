import { expect, test } from '../support/test';
import { ADMIN, apiToken } from '../support/e2e-helpers';

test('public collection and item pages carry link preview tags; private ones do not', async ({ request }) => {
  const token = await apiToken(request, ADMIN.username, ADMIN.password);
  const auth = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/v1/collections', {
    headers: auth,
    data: { type: 'books', name: 'Shelf <of> "mine"', description: 'Science fiction classics & more', visibility: 0 },
  });
  const collection = (await created.json()) as { id: number };
  const item = (await (
    await request.post(`/api/v1/collections/${collection.id}/items`, {
      headers: auth,
      data: { values: { title: 'Dune', authors: ['Frank Herbert'] } },
    })
  ).json()) as { id: number };
  const hidden = (await (
    await request.post(`/api/v1/collections/${collection.id}/items`, {
      headers: auth,
      data: { values: { title: 'Secret diary' }, visibility: 3 },
    })
  ).json()) as { id: number };

  const page = await request.get(`/collection/${collection.id}`);
  expect(page.status()).toBe(200);
  expect(page.headers()['content-type']).toContain('text/html');
  expect(page.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  const html = await page.text();
  expect(html).toContain('<meta property="og:title" content="Shelf &lt;of&gt; &quot;mine&quot;">');
  expect(html).toContain('<meta property="og:description" content="Science fiction classics &amp; more">');
  expect(html).toContain('<div id="root">');

  expect(html).toContain('<meta property="og:site_name" content="Vitrine">');

  // The instance's name and public address, set in Configuration, are what previews say.
  const configure = (data: Record<string, unknown>) => request.patch('/api/v1/config/settings', { headers: auth, data });
  expect((await configure({ instanceName: 'Les livres de Léa', publicUrl: 'https://livres.example.org' })).status()).toBe(200);
  try {
    const named = await (await request.get(`/collection/${collection.id}`)).text();
    expect(named).toContain('<meta property="og:site_name" content="Les livres de Léa">');
    expect(named).toContain(`<meta property="og:url" content="https://livres.example.org/collection/${collection.id}">`);
    expect(named).toContain('<title>Shelf &lt;of&gt; "mine" - Les livres de Léa</title>');
  } finally {
    await configure({ instanceName: 'Vitrine', publicUrl: null });
  }

  const itemHtml = await (await request.get(`/collection/${collection.id}/item/${item.id}`)).text();
  expect(itemHtml).toContain('<meta property="og:title" content="Dune">');
  expect(itemHtml).toContain('Frank Herbert');

  const hiddenPage = await request.get(`/collection/${collection.id}/item/${hidden.id}`);
  expect(hiddenPage.status()).toBe(200);
  const hiddenHtml = await hiddenPage.text();
  expect(hiddenHtml).toContain('<div id="root">');
  expect(hiddenHtml).not.toContain('og:title');
  expect(hiddenHtml).not.toContain('Secret diary');

  await request.patch(`/api/v1/collections/${collection.id}`, { headers: auth, data: { visibility: 1 } });
  const privatePage = await request.get(`/collection/${collection.id}`);
  expect(privatePage.status()).toBe(200);
  expect(privatePage.headers()['content-security-policy']).toContain("script-src 'self'");
  const privateHtml = await privatePage.text();
  expect(privateHtml).toContain('<div id="root">');
  expect(privateHtml).not.toContain('og:title');
  expect(privateHtml).not.toContain('Shelf');
});
