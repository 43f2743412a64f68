/** A literal for a `wildcard` pattern: its `*`, `?` and `\` escaped by `\`. */
export function wildcardLiteral(text: string): string {
  return text.replace(/[*?\\]/g, '\\$&');
}
