/** Paths of the fields the user changed, from react-hook-form's dirty map ('a.b', 'items.0.name'). */
export function dirtyPaths(dirty: unknown, prefix = ''): string[] {
  if (dirty === true) return prefix ? [prefix] : [];
  if (Array.isArray(dirty)) return dirty.flatMap((entry, i) => dirtyPaths(entry, `${prefix}.${i}`));
  if (dirty && typeof dirty === 'object') {
    return Object.entries(dirty).flatMap(([key, entry]) =>
      dirtyPaths(entry, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [];
}
