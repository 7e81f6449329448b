// A zip sent as a request's body (a backup to restore): judged by its declared type and length before
// any byte is read, then stored in R2 as it streams in, never held whole in memory.
import { ApiError } from './api-error';

/** The body's declared length, once its type says zip and its length is within `maxBytes`; else the ApiError why not. */
export function zipBodyLength(request: Request, maxBytes: number): number {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/zip' && type !== 'application/octet-stream') throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
  const length = Number(request.headers.get('content-length'));
  if (!Number.isSafeInteger(length) || length <= 0) throw new ApiError('VALIDATION_FAILED');
  if (length > maxBytes) throw new ApiError('PAYLOAD_TOO_LARGE');
  return length;
}

/** Stores the body under `key`; a body shorter or longer than declared is refused (VALIDATION_FAILED). */
export async function storeZipBody(bucket: R2Bucket, key: string, request: Request, length: number): Promise<void> {
  const body = request.body;
  if (!body) throw new ApiError('VALIDATION_FAILED');
  // R2 takes a stream whose length it knows: the declared one, which the stream must then match.
  const sized = new FixedLengthStream(length);
  const [stored] = await Promise.all([bucket.put(key, sized.readable), body.pipeTo(sized.writable)]).catch(() => {
    throw new ApiError('VALIDATION_FAILED');
  });
  if (!stored) throw new ApiError('VALIDATION_FAILED');
}
