// The data block of a page the Worker rendered: no user text can close it or open a comment, and the
// browser reads back exactly what was written, or nothing when the block is damaged.
import { afterEach, describe, expect, it } from 'vitest';
import { RENDERED_PAGE_ELEMENT_ID, serializePageData } from '@shared/rendered-page';
import { readRenderedPage } from '@web/app/rendered-page';

const HOSTILE = '</script><script>alert(1)</script><!-- & \u2028 \u2029 >';

function placeBlock(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = RENDERED_PAGE_ELEMENT_ID;
  block.textContent = text;
  document.body.append(block);
}

afterEach(() => {
  document.getElementById(RENDERED_PAGE_ELEMENT_ID)?.remove();
});

describe('rendered page data', () => {
  it('is written without anything that could end the block', () => {
    const text = serializePageData({ locale: 'fr_FR', phone: false, data: { '/collections/1': { name: HOSTILE } } });
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
  });

  it('is read back as written', () => {
    const page = { locale: 'fr_FR' as const, phone: true, data: { '/collections/1': { name: HOSTILE, covers: [1, 2] } } };
    placeBlock(serializePageData(page));
    expect(readRenderedPage()).toEqual(page);
  });

  it('brings back the messages a French page showed, and nothing when they are damaged', () => {
    const messages = { 'items.itemToolbar.sort': [{ type: 0, value: 'Trier par' }] };
    placeBlock(serializePageData({ locale: 'fr_FR', phone: false, data: {}, messages }));
    expect(readRenderedPage()?.messages).toEqual(messages);
    document.getElementById(RENDERED_PAGE_ELEMENT_ID)?.remove();
    placeBlock(JSON.stringify({ locale: 'fr_FR', data: {}, messages: 'Trier par' }));
    expect(readRenderedPage()).toEqual({ locale: 'fr_FR', phone: false, data: {} });
  });

  it('is ignored when absent, damaged or of an unknown language', () => {
    expect(readRenderedPage()).toBeNull();
    placeBlock('{"locale":"fr_FR","data":');
    expect(readRenderedPage()).toBeNull();
    document.getElementById(RENDERED_PAGE_ELEMENT_ID)?.remove();
    placeBlock(JSON.stringify({ locale: 'de_DE', data: {} }));
    expect(readRenderedPage()).toBeNull();
  });
});
