// How a download names itself: the same header for uploaded files and for exports.

/**
 * Content-Disposition per RFC 6266: filename* carries the exact name (RFC 8187 encoding, where only
 * letters, digits and !#$&+-.^_`|~ stay as they are), and filename an ASCII stand-in for old clients.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
