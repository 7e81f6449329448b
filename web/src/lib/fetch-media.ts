// GET /media/<key> with the session's token: files of private collections and items are only served
// to who may see them, and a fetch (unlike an <img>) can send the bearer header.
import { STORAGE_KEYS, mediaUrl } from '@shared/constants';
import { currentLanguage } from './api-client';
import { readStorage } from './storage';

/** A media value's file, fetched with the session's token; an error when it is not served. */
export async function fetchMedia(value: string, signal?: AbortSignal): Promise<Response> {
  const url = mediaUrl(value);
  if (!url) throw new Error('Not a media value');
  const headers = new Headers({ 'Content-Language': currentLanguage() });
  const token = readStorage(STORAGE_KEYS.token);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(url, { headers, signal });
  if (!response.ok) throw new Error(`Download failed with ${response.status}`);
  return response;
}
