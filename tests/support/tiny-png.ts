// A valid 1×1 PNG for the browser suite: a picture browsers decode and the server accepts by its content.
export const TINY_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export const TINY_PNG = Buffer.from(TINY_PNG_BASE64, 'base64');
