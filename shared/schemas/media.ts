import { z } from 'zod';

/** An uploaded file for item values: the value to store, and what the server found the file to be. */
export const mediaUpload = z.object({
  /** media://<key>, to put into the item's values. */
  value: z.string(),
  kind: z.enum(['image', 'video', 'file']),
  contentType: z.string(),
  size: z.number().int(),
  /** A thumbnail was stored: `/media/<key>?size=thumb` serves it. */
  thumbnail: z.boolean(),
  /** A small thumbnail was stored: `/media/<key>?size=small` serves it. */
  small: z.boolean(),
});
export type MediaUpload = z.infer<typeof mediaUpload>;

/** Lets browsers load /media addresses without the bearer header (?t=…) until it expires. */
export const mediaTicket = z.object({ ticket: z.string(), expiresAt: z.string() });
export type MediaTicket = z.infer<typeof mediaTicket>;

/** Pictures of a collection that have no thumbnail yet (an import stored them), a few at a time. */
export const wantedThumbnails = z.object({
  /** media:// values, whose originals the browser loads to make each thumbnail. */
  values: z.array(z.string()),
  /** More are waiting after these. */
  more: z.boolean(),
});
export type WantedThumbnails = z.infer<typeof wantedThumbnails>;
