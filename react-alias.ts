// The browser runs the app on Preact (preact/compat), about 50 KiB gzip lighter than React for a phone
// on a slow network; the code is written against React's API. The Worker's renderer must use the same
// library, or hydration would not match (generated ids differ): wrangler.toml's [alias] says the same.
// A string key also covers its subpaths: react-dom/client → preact/compat/client, react/jsx-runtime → …
export const REACT_AS_PREACT = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  // SWR's shim is CommonJS requiring React, which no alias reaches: Preact has the hook itself.
  'use-sync-external-store/shim': 'preact/compat',
};
