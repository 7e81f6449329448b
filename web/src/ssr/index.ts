// What the Worker takes from the web app (wrangler.toml [alias]). A plain module: the bundler applies
// the project's JSX settings to the files it imports, not to an alias's own target.
export { renderPage } from './render-page';
export { isRenderedScreen } from '../lib/rendered-screens';
export { screenHints } from './screen-hints';
