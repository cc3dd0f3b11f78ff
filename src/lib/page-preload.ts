// Fetches a page's code ahead of a navigation, so that it opens at once (offline too, once
// fetched), without one part of a feature importing another's page: the shell registers each
// route's loader here (src/app/app.tsx) and a feature asks by path.
const loaders = new Map<string, () => Promise<unknown>>();

/** The shell's loaders, by path (matched as the router matches: case-insensitively). */
export function registerPageLoaders(
  routes: Iterable<{ readonly path: string; readonly load?: () => Promise<unknown> }>,
) {
  for (const { path, load } of routes) if (load) loaders.set(path.toLowerCase(), load);
}

/** Starts fetching the page at `path`, if it has one; a failure is the navigation's to report. */
export function preloadPage(path: string) {
  void loaders
    .get(path.toLowerCase())?.()
    .catch(() => undefined);
}
