// Property sets applied when a collection of a known type is created: roles and flags already set,
// labels in the creator's language.
import type { Locale } from '@shared/constants';
import type { PropertyType, TemplateType } from '@shared/catalogue';

export interface TemplateProperty {
  key: string;
  type: PropertyType;
  label: Record<Locale, string>;
  suffix?: string;
  hideLabel?: boolean;
  inSummary?: boolean;
  isTitle?: boolean;
  isSubtitle?: boolean;
  isCover?: boolean;
  isReference?: boolean;
  multiple?: boolean;
  required?: boolean;
  filterable?: boolean;
  searchable?: boolean;
  sortable?: boolean;
}

const p = (
  key: string,
  type: PropertyType,
  en: string,
  fr: string,
  flags: Omit<TemplateProperty, 'key' | 'type' | 'label'> = {},
): TemplateProperty => ({
  key,
  type,
  label: { en_US: en, fr_FR: fr },
  ...flags,
});

const title = p('title', 'text', 'Title', 'Titre', { isTitle: true, required: true, searchable: true, sortable: true, hideLabel: true });
const cover = p('cover', 'image', 'Cover', 'Couverture', { isCover: true, hideLabel: true });
const year = p('year', 'number', 'Year', 'Année', { filterable: true, sortable: true, inSummary: true });
const publisher = p('publisher', 'text', 'Publisher', 'Éditeur', { filterable: true, searchable: true });
const rating = p('rating', 'rating', 'Rating', 'Note', { filterable: true, sortable: true });

export const TEMPLATES: Record<TemplateType, TemplateProperty[]> = {
  books: [
    title,
    p('subtitle', 'text', 'Subtitle', 'Sous-titre', { isSubtitle: true, searchable: true }),
    cover,
    p('authors', 'text', 'Authors', 'Auteurs', { multiple: true, searchable: true, filterable: true, inSummary: true }),
    p('series', 'text', 'Series', 'Série', { searchable: true, filterable: true }),
    p('series_number', 'number', 'Number in series', 'Tome', { sortable: true }),
    publisher,
    year,
    p('pages', 'number', 'Pages', 'Pages', { suffix: 'p.' }),
    p('isbn', 'text', 'ISBN', 'ISBN', { isReference: true, searchable: true }),
    p('language', 'text', 'Language', 'Langue', { filterable: true }),
    p('genre', 'text', 'Genre', 'Genre', { multiple: true, filterable: true }),
    p('format', 'text', 'Format', 'Format', { filterable: true }),
    p('summary', 'longtext', 'Summary', 'Résumé', { searchable: true }),
    p('read', 'yesno', 'Read', 'Lu', { filterable: true }),
    p('signed', 'yesno', 'Signed', 'Dédicacé', { filterable: true }),
    rating,
  ],
  comics: [
    title,
    cover,
    p('series', 'text', 'Series', 'Série', { isSubtitle: true, searchable: true, filterable: true, sortable: true }),
    p('issue', 'number', 'Issue', 'Numéro', { sortable: true, inSummary: true }),
    p('writers', 'text', 'Writers', 'Scénaristes', { multiple: true, searchable: true, filterable: true, inSummary: true }),
    p('artists', 'text', 'Artists', 'Dessinateurs', { multiple: true, searchable: true, filterable: true }),
    p('colorists', 'text', 'Colorists', 'Coloristes', { multiple: true, searchable: true }),
    publisher,
    year,
    p('isbn', 'text', 'ISBN', 'ISBN', { isReference: true, searchable: true }),
    p('summary', 'longtext', 'Summary', 'Résumé', { searchable: true }),
    p('read', 'yesno', 'Read', 'Lu', { filterable: true }),
    p('signed', 'yesno', 'Signed', 'Dédicacé', { filterable: true }),
    rating,
  ],
  movies: [
    title,
    p('original_title', 'text', 'Original title', 'Titre original', { isSubtitle: true, searchable: true }),
    p('poster', 'image', 'Poster', 'Affiche', { isCover: true, hideLabel: true }),
    p('directors', 'text', 'Director', 'Réalisation', { multiple: true, searchable: true, filterable: true, inSummary: true }),
    p('cast', 'text', 'Cast', 'Distribution', { multiple: true, searchable: true }),
    year,
    p('runtime', 'number', 'Runtime', 'Durée', { suffix: 'min', sortable: true }),
    p('genre', 'text', 'Genre', 'Genre', { multiple: true, filterable: true }),
    p('format', 'text', 'Format', 'Support', { filterable: true }),
    p('barcode', 'text', 'Barcode', 'Code-barres', { isReference: true, searchable: true }),
    p('trailer', 'video', 'Trailer', 'Bande-annonce'),
    p('synopsis', 'longtext', 'Synopsis', 'Synopsis', { searchable: true }),
    p('watched', 'yesno', 'Watched', 'Vu', { filterable: true }),
    rating,
  ],
  board_games: [
    title,
    cover,
    p('players_min', 'number', 'Players (min)', 'Joueurs (min)', { filterable: true, inSummary: true }),
    p('players_max', 'number', 'Players (max)', 'Joueurs (max)', { filterable: true, inSummary: true }),
    p('play_time', 'number', 'Play time', 'Durée de partie', { suffix: 'min', filterable: true, sortable: true }),
    p('age', 'number', 'Minimum age', 'Âge minimum', { suffix: '+', filterable: true }),
    p('designers', 'text', 'Designers', 'Auteurs', { multiple: true, searchable: true, filterable: true }),
    p('artists', 'text', 'Artists', 'Illustrateurs', { multiple: true, searchable: true }),
    publisher,
    year,
    p('mechanics', 'text', 'Mechanics', 'Mécaniques', { multiple: true, filterable: true, searchable: true }),
    p('description', 'longtext', 'Description', 'Description', { searchable: true }),
    p('complete', 'yesno', 'Complete', 'Complet', { filterable: true }),
    rating,
  ],
};

/** A template property's label in this language; null for a type or key no template has. */
export function templateLabel(type: string, key: string, locale: Locale): string | null {
  if (!isTemplateType(type)) return null;
  return TEMPLATES[type].find((t) => t.key === key)?.label[locale] ?? null;
}

/** Whether a label is the template's own, in any language: saving it again does not rename the property. */
export function isTemplateLabel(type: string, key: string, label: string): boolean {
  if (!isTemplateType(type)) return false;
  const template = TEMPLATES[type].find((t) => t.key === key);
  return !!template && Object.values(template.label).includes(label.trim());
}

export function isTemplateType(type: string): type is TemplateType {
  return Object.hasOwn(TEMPLATES, type);
}
