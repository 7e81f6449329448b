// Vite's ?raw suffix imports a file as text (used to read wrangler.toml inside workerd, which has no fs).
declare module '*?raw' {
  const text: string;
  export default text;
}

// Vite's import.meta.glob, as the suite uses it: files read as text when they exist (none otherwise).
interface ImportMeta {
  glob<T>(pattern: string, options: { query: '?raw'; import: 'default'; eager: true }): Record<string, T>;
}
