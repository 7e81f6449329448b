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
});
export type MediaUpload = z.infer<typeof mediaUpload>;

/** Lets browsers load /media addresses without the bearer header (?t=…) until it expires. */
export const mediaTicket = z.object({ ticket: z.string(), expiresAt: z.string() });
export type MediaTicket = z.infer<typeof mediaTicket>;
