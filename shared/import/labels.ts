// Column names as compared across files and languages ("Titre ", "TITLE", "Réalisateurs").

/** A label as compared: without accents, in lower case, its words separated by single spaces. */
export const comparableLabel = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
