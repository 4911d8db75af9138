export interface LinkedLabel {
  before: string;
  /** The words between [ and ]: the link's text; undefined when the label has none. */
  link?: string;
  after: string;
}

/**
 * A label whose locale text marks its link with square brackets ('I accept the [Terms and Conditions]',
 * '[Kullanım Koşulları]’nı kabul ediyorum'): each language decides which words are the link.
 */
export function splitLinkedLabel(label: string): LinkedLabel {
  const match = /^([^[\]]*)\[([^[\]]+)\]([^[\]]*)$/.exec(label);
  if (!match) return { before: label, after: '' };
  return { before: match[1] ?? '', link: match[2], after: match[3] ?? '' };
}

/** The label as plain words (brackets dropped), for places that cannot hold a link. */
export function plainLabel(label: string): string {
  const { before, link, after } = splitLinkedLabel(label);
  return link === undefined ? label : `${before}${link}${after}`;
}
