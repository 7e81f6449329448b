// Public pages rendered by the Worker show what the API answers an anonymous visitor, and nothing more:
// a private item or collection never reaches the markup or the data block, whoever asks, in any language.
import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { RENDERED_PAGE_ELEMENT_ID, type RenderedPageData } from '@shared/rendered-page';
import type { Env } from '@worker/env';
import { call } from '../../support/worker-app';
import { shelfWithSecret } from '../../support/worker-catalogue';

/** The app's shell as built (web/dist/index.html), which the suite does not build. */
const SHELL = '<!doctype html><html lang="en"><head><title>Vitrine</title></head><body><div id="root"></div></body></html>';
const assets = {
  fetch: async () => new Response(SHELL, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }),
} as unknown as Env['ASSETS'];

async function page(path: string, headers: Record<string, string> = {}, token?: string) {
  const res = await call(path, { headers, token, env: { ASSETS: assets } });
  expect(res.status).toBe(200);
  const html = await res.text();
  const block = new RegExp(`<script type="application/json" id="${RENDERED_PAGE_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  return { html, data: block ? (JSON.parse(block[1]!) as RenderedPageData) : null, res };
}

const shelf = shelfWithSecret;

describe('rendered public pages', () => {
  it('show a public collection and its public items, with the data they were rendered from', async () => {
    const { collection, shown } = await shelf();
    const { html, data, res } = await page(`/collection/${collection.id}`);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(res.headers.get('Vary')).toContain('Cookie');
    expect(html).toContain(collection.name);
    expect(html).toContain('Dune');
    expect(html).not.toContain('Secret diary');
    expect(data?.locale).toBe('en_US');
    expect(Object.keys(data!.data)).toEqual(expect.arrayContaining([`/collections/${collection.id}`, '/settings']));
    expect(JSON.stringify(data)).not.toContain('Secret diary');
    const item = await page(`/collection/${collection.id}/item/${shown.id}`);
    expect(item.html).toContain('Dune');
    expect(item.html).toContain('og:title');
  });

  it('never render a private item or collection, even to a request carrying its owner’s token', async () => {
    const { owner, collection, hidden } = await shelf();
    for (const path of [`/collection/${collection.id}/item/${hidden.id}`, `/collection/${collection.id}/item/${hidden.id}/borrow`]) {
      const { html } = await page(path, {}, owner.token);
      expect(html, path).not.toContain('Secret diary');
    }
    const closed = await shelf(3);
    for (const path of [`/collection/${closed.collection.id}`, `/collection/${closed.collection.id}/item/${closed.shown.id}`, '/']) {
      const { html, data } = await page(path, {}, closed.owner.token);
      expect(html, path).not.toContain(closed.collection.name);
      expect(html, path).not.toContain('Dune</');
      expect(JSON.stringify(data ?? {}), path).not.toContain(closed.collection.name);
    }
  });

  it('come in the language the browser chose, else the one it prefers', async () => {
    const { collection } = await shelf();
    const chosen = await page(`/collection/${collection.id}`, { Cookie: 'vitrine_lang=fr_FR', 'Accept-Language': 'en-US' });
    expect(chosen.html).toContain('<html lang="fr-FR"');
    expect(chosen.data?.locale).toBe('fr_FR');
    expect(chosen.html).toContain('Trier par');
    const preferred = await page(`/collection/${collection.id}`, { 'Accept-Language': 'fr-CA,fr;q=0.9' });
    expect(preferred.data?.locale).toBe('fr_FR');
    const unknown = await page(`/collection/${collection.id}`, { Cookie: 'vitrine_lang=xx', 'Accept-Language': 'de-DE' });
    expect(unknown.data?.locale).toBe('en_US');
    expect(unknown.html).toContain('Sort by');
  });

  it('bring in French the messages they show, parsed, and in English none', async () => {
    const { collection } = await shelf();
    const french = await page(`/collection/${collection.id}`, { Cookie: 'vitrine_lang=fr_FR' });
    const messages = french.data?.messages ?? {};
    expect(french.html).toContain('Trier par');
    expect(messages['items.itemToolbar.sort']).toEqual(parse('Trier par'));
    // What the markup shows, not the whole catalogue (some 1,300 messages): no sign-in form, no owner's screen.
    expect(Object.keys(messages).length).toBeGreaterThan(10);
    expect(Object.keys(messages).length).toBeLessThan(300);
    expect(Object.keys(messages).some((id) => id.startsWith('app.login.') || id.startsWith('app.collectionManage.'))).toBe(false);
    for (const [id, message] of Object.entries(messages)) expect(Array.isArray(message), id).toBe(true);
    const english = await page(`/collection/${collection.id}`, { 'Accept-Language': 'en-US' });
    expect(english.data?.locale).toBe('en_US');
    expect(english.data?.messages).toBeUndefined();
  });

  it('are laid out for a phone when the browser says it is one', async () => {
    const { collection } = await shelf();
    const phone = await page(`/collection/${collection.id}`, {
      'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148',
    });
    expect(phone.data?.phone).toBe(true);
    const hinted = await page(`/collection/${collection.id}`, { 'Sec-CH-UA-Mobile': '?0', 'User-Agent': 'Mobile' });
    expect(hinted.data?.phone).toBe(false);
    // The phone's toolbar opens its filters in a sheet; the wide one keeps a side panel.
    expect(phone.html).not.toEqual(hinted.html);
  });

  it('serve the plain shell for an address that names nothing', async () => {
    const { html } = await page('/collection/999999999');
    expect(html).toContain('<div id="root">');
    expect(html).not.toContain('og:title');
  });
});
