/** A size for messages: `4 MB`, `1.5 MB`, `200 KB` (the checker's and the servers' logs alike). */
export function sizeText(bytes: number): string {
  return bytes >= 1048576
    ? `${Number((bytes / 1048576).toFixed(1))} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
