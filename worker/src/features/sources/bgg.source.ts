// BoardGameGeek (boardgamegeek.com), with an application token: its XML API2 search for words (ids and
// names only), then one `thing` request for the details of the first ids. BGG has no barcode look-up.
// Its address is BGG_BASE_URL (as the collection import's), not METADATA_BASE_URL.
//
// BGG answers 202 with a <message> root while it queues a request (it does for collections; search and
// thing answer at once). The shared fetch does not pass the status on, so that root is what reads as busy.
import { child, childrenOf, readXmlDocument, type XmlElement } from '@shared/import/xml';
import {
  fetchSourceText,
  hitFields,
  secure,
  SOURCE_HITS_MAX,
  SourceFailure,
  type FoundHit,
  type MetadataSource,
  type SourceContext,
} from './source';

const base = (ctx: SourceContext) => ctx.env.BGG_BASE_URL || 'https://boardgamegeek.com';

/** The `<items>` of an answer (null for 404), or SourceFailure: not XML, queued, or another root. */
async function fetchItems(ctx: SourceContext, address: string): Promise<XmlElement | null> {
  // BGG's XML API refuses applications without a token.
  if (!ctx.key) throw new SourceFailure('needs_key');
  const text = await fetchSourceText(ctx.env, address, { accept: 'application/xml', authorization: `Bearer ${ctx.key}` });
  if (text === null) return null;
  let root: XmlElement;
  try {
    root = readXmlDocument(text);
  } catch {
    throw new SourceFailure('malformed');
  }
  if (root.name === 'message') throw new SourceFailure('busy');
  if (root.name !== 'items') throw new SourceFailure('malformed');
  return root;
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  // Frequent in descriptions, which BGG writes from HTML.
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
};

/** Decodes the references left in BGG's texts once XML's are (it escapes twice): `&#10;` is a new line. */
function decodeBggText(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/gi, (whole, dec?: string, hex?: string, name?: string) => {
    if (name) return NAMED[name.toLowerCase()] ?? whole;
    const code = dec ? Number(dec) : parseInt(hex ?? '', 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

const valueOf = (element: XmlElement | undefined) => element?.attrs.value?.trim() || null;
/** A count or a year as BGG gives it, which writes 0 when it does not know. */
const positive = (element: XmlElement | undefined) => {
  const value = valueOf(element);
  return value && /^\d+$/.test(value) && Number(value) > 0 ? String(Number(value)) : null;
};
const primaryName = (item: XmlElement) => valueOf(childrenOf(item, 'name').find((n) => n.attrs.type === 'primary') ?? child(item, 'name'));
const linked = (item: XmlElement, type: string) =>
  childrenOf(item, 'link').flatMap((l) => (l.attrs.type === type && valueOf(l) ? [valueOf(l)] : []));

/** A thing with its details; or, when the thing request left it out, what the search said of it. */
function itemHit(id: string, item: XmlElement, detailed: boolean): FoundHit | null {
  const title = primaryName(item);
  if (!title) return null;
  const description = child(item, 'description')?.text.trim();
  return {
    source: 'bgg',
    id,
    title,
    fields: hitFields(
      detailed
        ? {
            title,
            cover: secure(child(item, 'image')?.text.trim()),
            year: positive(child(item, 'yearpublished')),
            players_min: positive(child(item, 'minplayers')),
            players_max: positive(child(item, 'maxplayers')),
            play_time: positive(child(item, 'playingtime')),
            age: positive(child(item, 'minage')),
            designers: linked(item, 'boardgamedesigner'),
            artists: linked(item, 'boardgameartist'),
            publisher: linked(item, 'boardgamepublisher')[0],
            mechanics: linked(item, 'boardgamemechanic'),
            genre: linked(item, 'boardgamecategory'),
            summary: description ? decodeBggText(description) : null,
            link: `https://boardgamegeek.com/boardgame/${id}`,
          }
        : { title, year: positive(child(item, 'yearpublished')), link: `https://boardgamegeek.com/boardgame/${id}` },
    ),
  };
}

export const boardGameGeek: MetadataSource = {
  id: 'bgg',
  name: 'BoardGameGeek',
  key: 'required',
  barcodes: false,
  async search(ctx, words) {
    const found = await fetchItems(ctx, `${base(ctx)}/xmlapi2/search?query=${encodeURIComponent(words)}&type=boardgame`);
    if (!found) return [];
    const searched = new Map<string, XmlElement>();
    for (const item of childrenOf(found, 'item')) {
      const id = item.attrs.id?.trim();
      if (id && /^\d+$/.test(id) && !searched.has(id)) searched.set(id, item);
      if (searched.size >= SOURCE_HITS_MAX) break;
    }
    if (searched.size === 0) return [];
    const things = await fetchItems(ctx, `${base(ctx)}/xmlapi2/thing?id=${[...searched.keys()].join(',')}`);
    const detailed = new Map(childrenOf(things ?? undefined, 'item').map((item) => [item.attrs.id?.trim(), item]));
    // In the search's order, which is BGG's relevance; the thing answer may list them otherwise.
    return [...searched]
      .map(([id, item]) => {
        const thing = detailed.get(id);
        return thing ? itemHit(id, thing, true) : itemHit(id, item, false);
      })
      .filter((hit): hit is FoundHit => hit !== null);
  },
  lookUpCode: () => Promise.resolve([]),
};
