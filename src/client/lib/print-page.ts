/** A CSS string: quotes and backslashes escaped, line breaks dropped (a client's name goes in one). */
const cssString = (text: string) => `"${text.replace(/[\\"]/g, '\\$&').replace(/[\r\n]+/g, ' ')}"`;

/** What every printed page's margin says: on the left, on the right, and the word before "3 / 5". */
export interface RunningText {
  left: string;
  right: string;
  page: string;
}

/** The printed page (ADR 114): A4, its margins naming the report and counting the pages. */
export function printedPageCss(running: RunningText): string {
  const margin = 'font: 9pt system-ui, sans-serif; color: #334155;';
  return `@page {
  size: A4; margin: 14mm 14mm 12mm;
  @top-left { content: ${cssString(running.left)}; ${margin} }
  @top-right { content: ${cssString(running.right)}; ${margin} }
  @bottom-right { content: ${cssString(running.page)} " " counter(page) " / " counter(pages); ${margin} }
}`;
}
