// Apart from the collection form, so the collection page's quick tag editor does not load the form.

/** "sci-fi, classics , ,sci-fi" → ["sci-fi", "classics"]. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}
