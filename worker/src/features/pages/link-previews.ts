// Link previews: when a collection or item page is visible to everyone, its HTML carries og:/twitter:
// tags naming it, so a shared link shows a title, a description and a picture. Anything else gets no
// tags: a preview never says more than an anonymous visitor may see. They are made from the answers
// the page was rendered from (an anonymous visitor's), so they cost no query of their own.
import type { Context } from 'hono';
import type { AppEnv } from '@worker/env';
import { mediaKeyOf } from '@worker/lib/media';
import type { Collection } from '@shared/schemas/collections';
import type { Item } from '@shared/schemas/items';
import type { PropertyList } from '@shared/schemas/properties';
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

/** The API answers a page was rendered from, by API path (an anonymous visitor's: see pages.routes.ts). */
export type RenderedAnswers = Record<string, unknown>;

/** Where the preview comes from: the instance's name and public address, and the page's own path. */
async function framing(c: Context<AppEnv>) {
  const instance = await instanceIdentity(c.env);
  const base = instance.baseUrl ?? c.req.url;
  return { site: instance.name, base, url: new URL(c.req.path, base).href };
}

/**
 * The preview of an item page, from what its render showed an anonymous visitor: the item and its
 * collection are then visible to everyone, and the properties listed are the ones everyone may see.
 */
export async function itemPreview(
  c: Context<AppEnv>,
  answers: RenderedAnswers,
  collectionId: number,
  itemId: number,
): Promise<LinkPreview | null> {
  const collection = answers[`/collections/${collectionId}`] as Collection | undefined;
  const item = answers[`/collections/${collectionId}/items/${itemId}`] as Item | undefined;
  if (!collection || collection.visibility !== 0 || !item) return null;
  const properties = (answers[`/collections/${collectionId}/properties`] as PropertyList | undefined)?.properties ?? [];
  const summary = properties
    .filter((p) => p.inSummary)
    .map((p) => item.values[p.key])
    .flat()
    .filter((v) => v !== undefined && v !== null)
    .join(' · ');
  const { site, base, url } = await framing(c);
  return {
    site,
    title: item.title ?? `${collection.name} #${item.id}`,
    description: shorten([item.subtitle, summary].filter(Boolean).join(' — ') || collection.name),
    image: absoluteMedia(base, item.cover),
    url,
  };
}

/** The preview of a collection page, from what its render showed an anonymous visitor. */
export async function collectionPreview(c: Context<AppEnv>, answers: RenderedAnswers, collectionId: number): Promise<LinkPreview | null> {
  const collection = answers[`/collections/${collectionId}`] as Collection | undefined;
  if (!collection || collection.visibility !== 0) return null;
  const { site, base, url } = await framing(c);
  return {
    site,
    title: collection.name,
    description: shorten(collection.description || `${collection.name} - ${site}`),
    image: absoluteMedia(base, collection.image),
    url,
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
