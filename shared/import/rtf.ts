// Rich Text Format as plain text: Delicious Library keeps an item's description as RTF ("{\rtf1\mac…").
// Only the text is wanted, so groups that hold no text (fonts, colours, "{\*…}" destinations) are dropped,
// paragraph words become line breaks, hex escapes become their Mac Roman or Windows-1252 characters, and
// every other control word goes. No RTF library runs in the browser and the Worker alike.
import { decodeText } from './text';

/** Mac Roman's characters 0x80–0xFF (TextDecoder's "macintosh" is not in every runtime). */
const MAC_ROMAN =
  'ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø¿¡¬√ƒ≈∆«»…\u00a0ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄€‹›ﬁﬂ‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\uf8ffÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ';

/** Groups whose content is never text. */
const HIDDEN_GROUPS = /^\{\\(?:\*|fonttbl|colortbl|stylesheet|info|pict|listtable|listoverridetable|expandedcolortbl)/;

/** Whether a text is RTF rather than plain text. */
export const isRtf = (text: string) => text.trimStart().startsWith('{\\rtf');

/** The text an RTF document shows; a text that is not RTF is given back as it is. */
export function rtfToText(rtf: string): string {
  if (!isRtf(rtf)) return rtf;
  const mac = /\\mac\b/.test(rtf.slice(0, 200));
  const byte = (hex: string) => {
    const code = parseInt(hex, 16);
    return mac && code >= 0x80 ? MAC_ROMAN[code - 0x80]! : decodeText(new Uint8Array([code]), 'windows-1252').text;
  };
  let out = '';
  let depth = 0;
  // The depth at which a hidden group began: everything inside it is skipped.
  let hiddenAt = -1;
  let i = 0;
  while (i < rtf.length) {
    const ch = rtf[i]!;
    if (ch === '{') {
      depth += 1;
      if (hiddenAt < 0 && HIDDEN_GROUPS.test(rtf.slice(i, i + 40))) hiddenAt = depth;
      i += 1;
    } else if (ch === '}') {
      if (hiddenAt === depth) hiddenAt = -1;
      depth -= 1;
      i += 1;
    } else if (ch === '\\') {
      const word = /^\\(?:([a-zA-Z]+)(-?\d+)? ?|'([0-9a-fA-F]{2})|([\\{}])|(\r?\n)|(.))/s.exec(rtf.slice(i, i + 40));
      if (!word) break;
      i += word[0].length;
      if (hiddenAt >= 0) continue;
      if (word[1] === 'par' || word[1] === 'line' || word[5]) out += '\n';
      else if (word[1] === 'tab') out += '\t';
      else if (word[1] === 'u' && word[2]) {
        out += String.fromCharCode((Number(word[2]) + 0x10000) % 0x10000);
        // The one-character stand-in that follows \uN for readers without Unicode.
        if (rtf[i] !== undefined && !'\\{}'.includes(rtf[i]!)) i += 1;
      } else if (word[3]) out += byte(word[3]);
      else if (word[4]) out += word[4];
    } else {
      // Line breaks in the source are not the text's: RTF says them with \par or a backslash-newline.
      if (hiddenAt < 0 && ch !== '\n' && ch !== '\r') out += ch;
      i += 1;
    }
  }
  return out
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
