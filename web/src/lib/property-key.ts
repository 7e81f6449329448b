// A property ID derived from its label: "Date de sortie (FR)" → "date_de_sortie_fr". Keys are lower-case
// letters, digits and underscores, starting with a letter, 40 characters at most (shared/schemas).
const MAX_KEY_LENGTH = 40;

export function keyFromLabel(label: string): string {
  const slug = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const prefixed = slug && !/^[a-z]/.test(slug) ? `p_${slug}` : slug;
  return prefixed.slice(0, MAX_KEY_LENGTH).replace(/_+$/, '');
}
