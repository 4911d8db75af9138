/** Size and type rules a file must pass before it is uploaded. */

const MB = 1024 * 1024;

/** '5MB' for 5242880 bytes; '1.5MB' when not whole. */
export function formatSize(bytes: number): string {
  const mb = bytes / MB;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)}MB`;
}

/** `.pdf,.jpg` -> ['.pdf', '.jpg']; MIME entries (`image/*`) are kept as they are. */
export function acceptList(accept: string): string[] {
  return accept
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean);
}

/** Whether a file matches an `accept` list by extension or MIME type. */
export function isAccepted(file: File, accept: string): boolean {
  const rules = acceptList(accept);
  if (rules.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return rules.some((rule) => {
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}
