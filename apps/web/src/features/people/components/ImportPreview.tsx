import type { PeopleImportResponse } from '@atrium/contract';
import { Table } from '@/components/ui/Table';

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/**
 * What the server found in the file: how many rows, how many are ready, and each error with its
 * line (as a spreadsheet numbers it), column and message.
 */
export function ImportPreview({ preview }: { preview: PeopleImportResponse }) {
  const { rows, valid, errorCount, errors } = preview;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700" data-testid="import-summary">
        {count(rows, 'row')} read, {count(valid, 'ready to import', 'ready to import')}
        {errorCount > 0 ? `, ${count(errorCount, 'error')}` : ''}.
      </p>
      {errorCount === 0 ? (
        <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          No errors: every row can be imported.
        </p>
      ) : (
        <>
          <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
            Nothing will be imported until every error is fixed. Correct the file and choose it again.
          </p>
          <Table
            caption="Errors in the file"
            look="compact"
            wrapperClassName="max-h-64 overflow-y-auto rounded-lg border border-slate-200"
            headClassName="sticky top-0"
            columns={['Line', 'Column', 'Problem']}
          >
            {errors.map((e, i) => (
              // Several errors may share a line and a column: their position tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <tr key={i}>
                <td className="px-3 py-2 tabular-nums">{e.line}</td>
                <td className="px-3 py-2 font-mono text-xs">{e.field}</td>
                <td className="px-3 py-2">{e.message}</td>
              </tr>
            ))}
          </Table>
          {errorCount > errors.length ? (
            <p className="text-sm text-slate-600">
              And {count(errorCount - errors.length, 'more error')} after line {errors.at(-1)?.line}.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
