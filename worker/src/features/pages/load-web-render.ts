// The web app's server renderer (Preact, react-intl, React Router, every public screen) is loaded when a
// page is first rendered, not with the Worker: most requests, and most worker test files, render none.
import type * as WebRender from '@vitrine/web-render';

let loading: Promise<typeof WebRender> | undefined;

/** The server renderer's module, imported once per isolate. */
export function loadWebRender(): Promise<typeof WebRender> {
  loading ??= import('@vitrine/web-render');
  return loading;
}
