/** Gaps between checks on the pending screen: 5 s for the first 24 checks, 15 s up to 36, then 30 s. */
export function pollDelayMs(checksDone: number): number {
  if (checksDone <= 24) return 5_000;
  if (checksDone <= 36) return 15_000;
  return 30_000;
}
