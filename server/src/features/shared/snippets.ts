/** Snippet text (completion items, snippet edits): `$`, `}` and `\` are special and need a backslash. */
export const escapeSnippet = (s: string): string => s.replace(/[$}\\]/g, '\\$&');
