/** A sidebar entry; `key` also names the label `nav.<key>` unless `label` is given. */
export interface NavItem {
  key: string;
  to: string;
  label?: string;
}
