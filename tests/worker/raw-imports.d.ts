// Vite's ?raw suffix imports a file as text (used to read wrangler.toml inside workerd, which has no fs).
declare module '*?raw' {
  const text: string;
  export default text;
}
