// Which methods a path answers, read from a router's own routes, so that a known address called with
// another method answers 405 with an Allow header instead of "not found".

interface RouteEntry {
  method: string;
  path: string;
}

function pathPattern(path: string): RegExp {
  const segments = path.split('/').map((segment) => {
    if (segment === '*') return '.*';
    if (segment.startsWith(':')) return '[^/]+';
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  // The app is not strict about a trailing slash, so neither is this.
  return new RegExp(`^${segments.join('/')}/?$`);
}

/** A lookup from a request path to the methods its routes answer (empty when none matches). */
export function allowedMethods(routes: readonly RouteEntry[], prefix = ''): (path: string) => string[] {
  const byPattern = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  for (const { method, path } of routes) {
    // ALL entries are middleware that runs on every path.
    if (method === 'ALL') continue;
    const full = `${prefix}${path === '/' ? '' : path}` || '/';
    const entry = byPattern.get(full) ?? { pattern: pathPattern(full), methods: new Set<string>() };
    entry.methods.add(method);
    if (method === 'GET') entry.methods.add('HEAD');
    byPattern.set(full, entry);
  }
  return (path) => {
    const methods = new Set<string>();
    for (const { pattern, methods: own } of byPattern.values()) if (pattern.test(path)) own.forEach((m) => methods.add(m));
    return [...methods];
  };
}
