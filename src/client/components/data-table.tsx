import { Fragment, type ReactNode } from 'react';

export interface DataColumn<Row> {
  /** The column's header; on a phone's stacked list, the label before each value. */
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Classes of the column's table cells. */
  className?: string;
  /** Classes of the value on a phone's stacked list (default: `className`). */
  stackedClassName?: string;
}

export interface DataTableProps<Row> {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Read by screen readers only: what the table holds, where no heading says it already. */
  caption?: ReactNode;
  /** The first column names its row (a row header), as a scale's name does. */
  rowHeaders?: boolean;
  /** Phones get one labelled block per row instead of the table, so nothing is cut off or scrolled sideways. */
  stackOnPhones?: boolean;
  /** `<testId>-list` on the phone's list. */
  testId?: string;
  /** Classes of the table itself (margins, text size). */
  className?: string;
}

const CELL = 'py-2 pr-3 last:pr-0 print:py-0.5';

/** The one data table: headers in `th scope="col"`, optional row headers and caption, stacked on phones if asked. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  rowHeaders = false,
  stackOnPhones = false,
  testId,
  className = '',
}: DataTableProps<Row>) {
  const table = (
    <table className={`w-full border-collapse text-left ${className}`.trim()}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead>
        <tr className="border-b border-slate-400">
          {columns.map((column, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for the table's life
            <th key={index} scope="col" className={CELL}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className="border-b border-slate-200 align-top">
            {columns.map((column, index) =>
              rowHeaders && index === 0 ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for the table's life
                <th key={index} scope="row" className={`${CELL} font-semibold ${column.className ?? ''}`}>
                  {column.cell(row)}
                </th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for the table's life
                <td key={index} className={`${CELL} ${column.className ?? ''}`}>
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (!stackOnPhones) return table;
  return (
    <>
      <ul
        className="divide-y divide-slate-200 border-y border-slate-200 sm:hidden"
        data-testid={testId && `${testId}-list`}
      >
        {rows.map((row) => (
          <li key={rowKey(row)} className="py-3">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              {columns.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for the table's life
                <Fragment key={index}>
                  <dt className="font-semibold text-slate-700">{column.header}</dt>
                  <dd className={column.stackedClassName ?? column.className}>{column.cell(row)}</dd>
                </Fragment>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">{table}</div>
    </>
  );
}
