import fs from 'node:fs';

/** Which Chromium the PDF renderer starts, and with which flags. */

/** Where Chromium usually lives on Debian/Ubuntu (and Google's package), tried in this order. */
export const DEFAULT_CHROME_PATHS: readonly string[] = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

/** Headless flags that work as root in a container with no network (stack-notes.md). */
export const CHROME_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-extensions',
  '--font-render-hinting=none',
  // Nothing resolves, IP literals included: no connection can even be opened (Chromium preconnects
  // for frames before request interception sees the request).
  '--host-resolver-rules=MAP * ~NOTFOUND',
];

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The Chromium to launch: the explicit path (CHROME_PATH) when given, else the first of
 * DEFAULT_CHROME_PATHS that exists. An explicit path that is not an executable file gives null
 * rather than silently starting another browser. Null means PDFs are unavailable.
 */
export function resolveChromePath(
  explicit?: string | null,
  candidates: readonly string[] = DEFAULT_CHROME_PATHS,
): string | null {
  const wanted = explicit?.trim();
  if (wanted) return isExecutable(wanted) ? wanted : null;
  return candidates.find(isExecutable) ?? null;
}
