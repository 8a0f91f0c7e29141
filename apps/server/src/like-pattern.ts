/**
 * The LIKE / ILIKE pattern for "contains this text": the user's `%`, `_` and `\` are taken
 * literally (escaped with PostgreSQL's default escape character), so searching "50%" finds "50%".
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
