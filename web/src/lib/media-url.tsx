// Addresses of media values. Browsers load <img> and <video> without the bearer header, so a signed-in
// visitor's media addresses carry a short-lived ticket (GET /media-ticket, ?t=…): files of private
// collections and items are then served to who may see them. One ticket per session, fetched once
// for the whole app and renewed before it expires.
import { createContext, useCallback, useContext } from 'react';
import type { ReactNode } from 'react';
import useSWR from 'swr';
import { AVATAR_KEY_PREFIX, MEDIA_TICKET_SECONDS, mediaUrl } from '@shared/constants';
import type { MediaTicket } from '@shared/schemas/media';
import { apiRequest } from './api-client';
import { useSession } from './use-session';

export const MEDIA_TICKET_KEY = '/media-ticket';
/** A new ticket is fetched well before the current one expires (at three quarters of its life). */
const RENEW_MS = MEDIA_TICKET_SECONDS * 750;

export function getMediaTicket(): Promise<MediaTicket> {
  return apiRequest<MediaTicket>(MEDIA_TICKET_KEY);
}

/**
 * From a media:// value to the address to load, or null (not media, or the ticket is on its way).
 * `size`: a thumbnail made at upload, 'thumb' (480 px) or 'small' (192 px); the server answers the next
 * size up when there is none.
 */
export type MediaSrc = (value: string | null | undefined, options?: { size?: 'thumb' | 'small' }) => string | null;

function withQuery(url: string, params: Record<string, string | null>): string {
  const query = Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
  return query ? `${url}?${query}` : url;
}

const plainMediaSrc: MediaSrc = (value, options) => {
  const url = mediaUrl(value);
  return url && withQuery(url, { size: options?.size ?? null });
};

const MediaSrcContext = createContext<MediaSrc>(plainMediaSrc);

/** The session's ticket (null when signed out or not there yet), and whether it is still on its way. */
function useTicketState(): { ticket: string | null; waiting: boolean } {
  const session = useSession();
  const { data, error } = useSWR<MediaTicket>(session ? MEDIA_TICKET_KEY : null, getMediaTicket, {
    refreshInterval: RENEW_MS,
    revalidateOnFocus: false,
  });
  return {
    ticket: typeof data?.ticket === 'string' ? data.ticket : null,
    waiting: session !== null && data === undefined && error === undefined,
  };
}

export function MediaUrlProvider({ children }: { children: ReactNode }) {
  // Signed in and still waiting: hold the address rather than load it once without and once with a ticket.
  const { ticket, waiting } = useTicketState();
  const src = useCallback<MediaSrc>(
    (value, options) => {
      const url = mediaUrl(value);
      if (!url || url.startsWith(`/media/${AVATAR_KEY_PREFIX}`)) return url;
      if (waiting) return null;
      return withQuery(url, { size: options?.size ?? null, t: ticket });
    },
    [ticket, waiting],
  );
  return <MediaSrcContext.Provider value={src}>{children}</MediaSrcContext.Provider>;
}

/** The app's media address maker (plain /media/<key> outside the provider). */
export function useMediaSrc(): MediaSrc {
  return useContext(MediaSrcContext);
}

/** The session's media ticket for addresses built by hand (a source's cover passed through), or null. */
export function useMediaTicket(): string | null {
  return useTicketState().ticket;
}
