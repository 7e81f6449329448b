// Link previews: when a collection or item page is visible to everyone, its HTML carries og:/twitter:
// tags naming it, so a shared link shows a title, a description and a picture. Anything else gets no
// tags: a preview never says more than an anonymous visitor may see.
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { mediaKeyOf } from '../../lib/media';
import { findCollection } from '../collections/collections.queries';
import { loadItem, toItem } from '../items/items.queries';
import { listPropertyRows, visibleProperties } from '../properties/properties.queries';
import { instanceIdentity } from '../settings/settings.service';

export interface LinkPreview {
  /** The instance's name (Configuration). */
  site: string;
  title: string;
  description: string;
  image: string | null;
  url: string;
}

const DESCRIPTION_MAX = 200;

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > DESCRIPTION_MAX ? `${flat.slice(0, DESCRIPTION_MAX - 1)}…` : flat;
}

/** The tags of a preview; values are set as attributes, which HTMLRewriter escapes. */
export function previewTags(preview: LinkPreview): [string, string][] {
  const tags: [string, string][] = [
    ['og:site_name', preview.site],
    ['og:type', 'website'],
    ['og:title', preview.title],
    ['og:description', preview.description],
    ['og:url', preview.url],
    ['twitter:card', preview.image ? 'summary_large_image' : 'summary'],
    ['twitter:title', preview.title],
    ['twitter:description', preview.description],
  ];
  if (preview.image) tags.push(['og:image', preview.image], ['twitter:image', preview.image]);
  return tags;
}

/** The preview of an item page, when the item and its collection are visible to everyone. */
export async function itemPreview(c: Context<AppEnv>, collectionId: number, itemId: number): Promise<LinkPreview | null> {
  const db = c.get('db');
  const found = await findCollection(db, collectionId);
  if (!found || found.collection.visibility !== 0) return null;
  const row = await loadItem(c.get('d1'), found.collection.id, itemId);
  if (!row || row.level !== 0) return null;
  const props = visibleProperties(await listPropertyRows(db, found.collection.id), 0);
  const item = toItem(row, props, null, false);
  const summary = props.filter((p) => p.inSummary).map((p) => item.values[p.key]).flat().filter((v) => v !== undefined && v !== null).join(' · ');
  const instance = await instanceIdentity(c.env);
  const base = instance.baseUrl ?? c.req.url;
  return {
    site: instance.name,
    title: item.title ?? `${found.collection.name} #${item.id}`,
    description: shorten([item.subtitle, summary].filter(Boolean).join(' — ') || found.collection.name),
    image: absoluteMedia(base, item.cover),
    url: new URL(c.req.path, base).href,
  };
}

/** The preview of a collection page, when the collection is visible to everyone. */
export async function collectionPreview(c: Context<AppEnv>, collectionId: number): Promise<LinkPreview | null> {
  const found = await findCollection(c.get('db'), collectionId);
  if (!found || found.collection.visibility !== 0) return null;
  const { collection } = found;
  const instance = await instanceIdentity(c.env);
  const base = instance.baseUrl ?? c.req.url;
  return {
    site: instance.name,
    title: collection.name,
    description: shorten(collection.description || `${collection.name} - ${instance.name}`),
    image: absoluteMedia(base, collection.image),
    url: new URL(c.req.path, base).href,
  };
}

/** The address a preview's picture is loaded from: the instance's public URL, else the request's. */
function absoluteMedia(base: string, value: string | null): string | null {
  const key = mediaKeyOf(value);
  return key ? new URL(`/media/${key}`, base).href : null;
}

/** Adds the preview's tags to a page's head, and names it in its title. */
export function withPreview(rewriter: HTMLRewriter, preview: LinkPreview): HTMLRewriter {
  const tags = previewTags(preview);
  return rewriter
    .on('head', {
      element(head) {
        for (const [property, content] of tags) {
          head.append(`<meta property="${property}" content="${escapeAttribute(content)}">`, { html: true });
        }
      },
    })
    .on('title', {
      element(title) {
        title.setInnerContent(`${preview.title} - ${preview.site}`);
      },
    });
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
