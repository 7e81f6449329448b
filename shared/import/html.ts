// Spreadsheets and catalogue exports often carry descriptions as HTML ("<p>…</p>", "<br/>", "&amp;").
// Imported into a text property they read as plain text with line breaks. Only tags of known names are
// taken out ("a < b" or "<3" stay as written), and nothing is ever run: scripts and styles lose their
// content with their tags.
import { decodeHTML } from 'entities';

/** Tags whose content is not text shown to anyone. */
const HIDDEN = new Set(['script', 'style', 'head', 'title', 'template', 'noscript', 'iframe', 'object']);
/** Tags that end a line. */
const LINE = new Set(['br', 'hr']);
/** Blocks: their content stands in its own paragraph. */
const BLOCK = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'aside',
  'blockquote',
  'pre',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'tr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'figure',
  'figcaption',
  'address',
  'main',
  'nav',
]);
/** Inline tags: taken out, their content kept. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'big',
  'cite',
  'code',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'img',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'tt',
  'u',
  'var',
  'wbr',
  'td',
  'th',
  'tbody',
  'thead',
  'tfoot',
  'caption',
  'html',
  'body',
  'center',
  'meta',
  'link',
]);
const known = (name: string) => HIDDEN.has(name) || LINE.has(name) || BLOCK.has(name) || INLINE.has(name);

/**
 * A tag (`<name …>`, `</name>`, `<name/>`), a comment, or a character reference. A tag's attributes stop
 * at the next `<`: a cell of "<a<a<a…" without a `>` is read in one pass, not once per "<".
 */
const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b((?:[^<>"']|"[^"<>]*"|'[^'<>]*')*)>|&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/gi;

/** Whether a text holds markup this module would change: a known tag, a comment or a character reference. */
export function looksLikeHtml(text: string): boolean {
  if (!text.includes('<') && !text.includes('&')) return false;
  for (const match of text.matchAll(TOKEN)) {
    if (match[0].startsWith('<!--') || match[0].startsWith('&') || known(match[2]!.toLowerCase())) return true;
  }
  return false;
}

/** The plain text of an HTML fragment: blocks as paragraphs, <br> as line breaks, entities decoded. */
export function htmlToText(html: string): string {
  if (!looksLikeHtml(html)) return html;
  let out = '';
  let hidden: string | null = null;
  let last = 0;
  const text = (part: string) => {
    // Inside HTML, runs of spaces and line breaks are one space.
    if (hidden === null) out += decodeHTML(part.replace(/\s+/g, ' '));
  };
  for (const match of html.matchAll(TOKEN)) {
    const [token, closing, rawName] = match;
    const name = rawName?.toLowerCase();
    // An entity is text; a tag of an unknown name is text too (it may be "<3" or a mathematical "<x>").
    if (token.startsWith('&') || (name !== undefined && !known(name))) continue;
    text(html.slice(last, match.index));
    last = match.index + token.length;
    if (name === undefined) continue; // a comment
    if (hidden !== null) {
      if (closing && name === hidden) hidden = null;
    } else if (HIDDEN.has(name)) {
      if (!closing && !token.endsWith('/>')) hidden = name;
    } else if (LINE.has(name)) {
      out += '\n';
    } else if (BLOCK.has(name)) {
      out += name === 'li' && !closing ? '\n\n• ' : '\n\n';
    }
  }
  text(html.slice(last));
  return out
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\n\n• /g, '\n• ')
    .trim();
}
