/** A sidebar entry; `key` also names the label `nav.<key>` unless `label` is given. */
export interface NavItem {
  key: string;
  to: string;
  label?: string;
  /** A short count beside the label (new results), with its words for screen readers. */
  badge?: { text: string; label: string; attention?: boolean };
}
