// Which field of a file names its items when the plan does not say: a field whose name means "title"
// in English or French (Title, Name, Titre, Nom, Film, Book, Livre, Jeu…: case, accents and spaces
// aside), else the first text field filled in every record read. The browser's first mapping and the
// Worker (for a plan that sends nothing to a required title) both ask here.
import type { DateOrder } from './mapping';
import { guessDateOrder, guessField, isCodeLabel } from './guess';
import { comparableLabel } from './labels';
import type { ImportField, ImportRecord } from './records';

export { comparableLabel };

/** Labels that name the item itself, alone. */
const TITLE_LABELS = new Set([
  'title',
  'titles',
  'titre',
  'titres',
  'name',
  'nom',
  'film',
  'films',
  'movie',
  'book',
  'livre',
  'game',
  'jeu',
  'album',
  'oeuvre',
  'ouvrage',
  'work',
  'item',
  'titel',
  'titulo',
  'titolo',
  'intitule',
  'libelle',
  'designation',
  'boardgame',
]);
/** Words that make a label name the item when another word says what it is ("Book Title", "Nom du jeu"). */
const TITLE_WORDS = new Set(['title', 'titre', 'name', 'nom', 'titel', 'titulo']);
/** Words that make such a label name something else ("Author Name", "Nom de l'éditeur", "Sort Title"). */
const OTHER_WORDS = new Set([
  'author',
  'authors',
  'auteur',
  'auteurs',
  'autrice',
  'artist',
  'artiste',
  'director',
  'realisateur',
  'publisher',
  'editeur',
  'user',
  'utilisateur',
  'file',
  'fichier',
  'sort',
  'tri',
  'original',
  'alt',
  'alternate',
  'alternative',
  'short',
  'court',
  'sub',
  'shelf',
  'list',
  'liste',
  'collection',
  'series',
  'serie',
  'translator',
  'traducteur',
  'illustrator',
  'illustrateur',
  'owner',
  'proprietaire',
  'borrower',
  'emprunteur',
  'designer',
  'contributor',
  'first',
  'last',
  'prenom',
  'label',
  'studio',
  'character',
  'personnage',
]);

/** How strongly a label says it names the item: 2 alone ("Titre"), 1 with other words ("Book Title"), 0 not. */
export function titleLabelScore(label: string): 0 | 1 | 2 {
  const words = comparableLabel(label);
  if (words === '') return 0;
  if (TITLE_LABELS.has(words) || TITLE_LABELS.has(words.replace(/ /g, ''))) return 2;
  const list = words.split(' ');
  return list.some((w) => TITLE_WORDS.has(w)) && !list.some((w) => OTHER_WORDS.has(w)) ? 1 : 0;
}

/**
 * The field that most likely names the items: by its label, else the first field of plain text filled
 * in every record (not numbers, dates, addresses or long descriptions). `fields` are those that may take
 * the title (fields of pictures left out); null when none fits.
 */
export function guessTitleField(fields: readonly ImportField[], records: readonly ImportRecord[], order?: DateOrder): string | null {
  const textsOf = (key: string) => records.flatMap((r) => (r.values[key] ?? []).filter((t) => t.trim() !== ''));
  const textual = fields.filter((f) => f.type === 'text' || f.type === 'longtext');
  const filled = (key: string) => records.length > 0 && records.every((r) => (r.values[key] ?? []).some((t) => t.trim() !== ''));
  const named = [2, 1].flatMap((score) => textual.filter((f) => titleLabelScore(f.label) === score && textsOf(f.key).length > 0));
  if (named[0]) return named[0].key;
  const dates = order ?? guessDateOrder(fields.flatMap((f) => textsOf(f.key)));
  const plain = textual.find((f) => {
    // A column of codes (an id, an ISBN) is text, but never what names the items.
    if (!filled(f.key) || isCodeLabel(f.label)) return false;
    const guess = guessField(f.label, textsOf(f.key), dates);
    return guess.type === 'text' && !guess.multiple;
  });
  return plain?.key ?? null;
}

/**
 * A title to offer when none is guessed: the field of plain text most filled in these records, else the
 * most filled of any kind (first in the file's order on a tie).
 */
export function mostFilledField(fields: readonly ImportField[], records: readonly ImportRecord[]): string | null {
  const order = guessDateOrder(fields.flatMap((f) => records.flatMap((r) => r.values[f.key] ?? [])));
  let best: { key: string; score: number } | null = null;
  for (const field of fields) {
    if (field.type !== 'text' && field.type !== 'longtext') continue;
    const texts = records.flatMap((r) => (r.values[field.key] ?? []).filter((t) => t.trim() !== ''));
    const count = records.filter((r) => (r.values[field.key] ?? []).some((t) => t.trim() !== '')).length;
    if (count === 0) continue;
    const plain = guessField(field.label, texts, order).type === 'text' && !isCodeLabel(field.label);
    const score = count + (plain ? records.length + 1 : 0);
    if (!best || score > best.score) best = { key: field.key, score };
  }
  return best?.key ?? null;
}
