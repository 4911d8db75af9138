import { printedPageCss, type RunningText } from '../../lib/print-page';

/**
 * Printing drops the app's frame and the page's controls; every page's margin names the report and the date and
 * counts the pages, as the results page does (ADR 114).
 */
export function printCss(running: RunningText) {
  return `${printedPageCss(running)}
@media print {
  body { background: #fff; }
  body header, body footer, body nav, body aside, [data-print-hidden] { display: none !important; }
  main { max-width: none !important; padding: 0 !important; }
  main h1 { font-size: 16pt !important; }
  main h2 { font-size: 12pt !important; }
  [data-report-row] { break-inside: avoid-page; }
  a { color: inherit !important; text-decoration: none !important; }
}`;
}
