/** A CSS string: quotes and backslashes escaped, line breaks dropped. */
const cssString = (text: string) => `"${text.replace(/[\\"]/g, '\\$&').replace(/[\r\n]+/g, ' ')}"`;

/**
 * Printing drops the app's frame and the page's controls; every page's margin names the report and the date and
 * counts the pages, as the results page does (ADR 114).
 */
export function printCss(running: { left: string; right: string; page: string }) {
  const margin = 'font: 9pt system-ui, sans-serif; color: #334155;';
  return `@page {
  size: A4; margin: 14mm 14mm 12mm;
  @top-left { content: ${cssString(running.left)}; ${margin} }
  @top-right { content: ${cssString(running.right)}; ${margin} }
  @bottom-right { content: ${cssString(running.page)} " " counter(page) " / " counter(pages); ${margin} }
}
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
