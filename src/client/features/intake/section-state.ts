/**
 * Section states as the server computes them (ADR 060): the tabs, the list and the summary read them from
 * here, never from whether a section object merely exists.
 */
import type { ManifestPart } from '../../../forms';
import type { SectionState } from '../../../shared';

/** A section's state in a record or list item; a section the server did not report is empty. */
export function stateOf(
  states: Readonly<Record<string, SectionState>> | undefined,
  key: string,
): SectionState {
  return states?.[key] ?? 'empty';
}

/** 'N of 4': how many sections pass full validation. */
export function completeCount(
  states: Readonly<Record<string, SectionState>> | undefined,
  parts: readonly ManifestPart[],
): number {
  return parts.filter((part) => stateOf(states, part.key) === 'complete').length;
}

/** A record's states after a save that wrote some of them. */
export function withSavedStates(
  states: Readonly<Record<string, SectionState>> | undefined,
  saved: Readonly<Record<string, SectionState>> | undefined,
): Record<string, SectionState> {
  return { ...(states ?? {}), ...(saved ?? {}) };
}
