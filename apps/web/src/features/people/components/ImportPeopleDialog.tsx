import {
  PEOPLE_CSV_COLUMNS,
  PEOPLE_IMPORT_MAX_BYTES,
  type PeopleImportIssue,
  type PeopleImportResponse,
} from '@atrium/contract';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage, isApiError } from '@/lib/api';
import { useSiteChoices } from '@/lib/site-choices';
import {
  downloadPeopleTemplate,
  type UploadProgress,
  uploadPeopleCsv,
  useRefreshAfterImport,
} from '../api/people-import-api';
import { ImportPreview } from './ImportPreview';
import { ImportProgress } from './ImportProgress';

type Step =
  | { kind: 'choose'; problem?: string }
  | { kind: 'checking'; progress: UploadProgress }
  | { kind: 'preview'; preview: PeopleImportResponse }
  | { kind: 'importing'; preview: PeopleImportResponse; progress: UploadProgress };

const isIssueList = (details: unknown): details is PeopleImportIssue[] =>
  Array.isArray(details) && details.every((d) => typeof d?.line === 'number' && typeof d?.field === 'string');

/**
 * Import people from a CSV: the file is checked by the server first (a dry run that writes
 * nothing) and its errors shown row by row; only a file without errors can be imported, and then
 * every row is written or none.
 */
export function ImportPeopleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const inputId = useId();
  const toast = useToast();
  const refresh = useRefreshAfterImport();
  const { several } = useSiteChoices();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const busy = step.kind === 'checking' || step.kind === 'importing';

  const close = () => {
    if (busy) return;
    setFile(null);
    setStep({ kind: 'choose' });
    onClose();
  };

  const check = async (chosen: File | undefined) => {
    setFile(chosen ?? null);
    if (!chosen) return setStep({ kind: 'choose' });
    if (chosen.size > PEOPLE_IMPORT_MAX_BYTES) {
      return setStep({
        kind: 'choose',
        problem: 'The file is larger than 5 MB. Split it into several imports.',
      });
    }
    setStep({ kind: 'checking', progress: { phase: 'uploading', sent: 0 } });
    try {
      const preview = await uploadPeopleCsv(chosen, {
        dryRun: true,
        onProgress: (progress) => setStep({ kind: 'checking', progress }),
      });
      setStep({ kind: 'preview', preview });
    } catch (error) {
      setStep({
        kind: 'choose',
        problem: errorMessage(error, 'The file could not be checked. Please try again.'),
      });
    }
  };

  const importAll = async (preview: PeopleImportResponse) => {
    if (!file) return;
    setStep({ kind: 'importing', preview, progress: { phase: 'uploading', sent: 0 } });
    try {
      const done = await uploadPeopleCsv(file, {
        dryRun: false,
        onProgress: (progress) => setStep({ kind: 'importing', preview, progress }),
      });
      toast.success(
        `Imported ${done.created.toLocaleString('en-GB')} ${done.created === 1 ? 'person' : 'people'}`,
      );
      await refresh();
      setFile(null);
      setStep({ kind: 'choose' });
      onClose();
    } catch (error) {
      // Someone took an email or badge since the check: show the server's errors as a preview.
      if (isApiError(error) && isIssueList(error.details)) {
        const errors = error.details;
        setStep({ kind: 'preview', preview: { ...preview, valid: 0, errorCount: errors.length, errors } });
      } else {
        setStep({ kind: 'preview', preview });
        toast.error(errorMessage(error, 'The import failed; nothing was imported. Please try again.'));
      }
    }
  };

  const ready = step.kind === 'preview' && step.preview.errorCount === 0 && step.preview.rows > 0;
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Import People from CSV"
      className="sm:max-w-2xl"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button
            onClick={() => step.kind === 'preview' && void importAll(step.preview)}
            disabled={!ready}
            data-testid="import-confirm"
          >
            {step.kind === 'importing'
              ? 'Importing...'
              : ready
                ? `Import ${step.preview.rows.toLocaleString('en-GB')} ${step.preview.rows === 1 ? 'Person' : 'People'}`
                : 'Import'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div className="space-y-2 text-sm text-slate-700">
          <p>
            One person per row, with the columns{' '}
            <span className="font-mono text-xs">{PEOPLE_CSV_COLUMNS.join(', ')}</span>. The department is
            named as in Departments; role is admin or staff; start_date (YYYY-MM-DD) may be left empty.
            {several
              ? ' An optional site column gives a person a home site of their own, named as in Sites; left empty, they follow their department.'
              : null}
          </p>
          <p>
            Every row is checked before anything is saved, and either every person is imported or none. No
            emails are sent: imported people cannot sign in until you give them an invitation link from their
            person page.
          </p>
          <Button
            variant="ghost"
            size="sm"
            className="-ml-3 text-indigo-700 underline"
            onClick={() =>
              void downloadPeopleTemplate().catch((error) =>
                toast.error(errorMessage(error, 'The template could not be downloaded')),
              )
            }
          >
            Download template
          </Button>
        </div>

        <div>
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
            CSV file
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            // Choosing the same file again (after fixing it) must check it again.
            onClick={(event) => {
              event.currentTarget.value = '';
            }}
            onChange={(event) => void check(event.target.files?.[0])}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-indigo-700 hover:file:bg-indigo-100"
          />
          {step.kind === 'choose' && step.problem ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {step.problem}
            </p>
          ) : null}
        </div>

        {step.kind === 'checking' ? (
          <ImportProgress progress={step.progress} working="Checking every row..." />
        ) : null}
        {step.kind === 'preview' ? <ImportPreview preview={step.preview} /> : null}
        {step.kind === 'importing' ? (
          <ImportProgress
            progress={step.progress}
            working={`Writing ${step.preview.rows.toLocaleString('en-GB')} people...`}
          />
        ) : null}
      </div>
    </Dialog>
  );
}
