import { FileDown, FileUp } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { downloadPeopleCsv, type PeopleExportFilters } from '../api/people-import-api';
import { ImportPeopleDialog } from './ImportPeopleDialog';

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The People list's CSV tools: Import CSV (a checked, all-or-nothing import) and Export CSV of
 * the people the list's `filters` leave.
 */
export function PeopleImportExport({ filters = {} }: { filters?: PeopleExportFilters }) {
  const toast = useToast();
  const [importing, setImporting] = useState(false);
  const [received, setReceived] = useState<number | null>(null);

  const exportCsv = async () => {
    setReceived(0);
    try {
      await downloadPeopleCsv(filters, setReceived);
    } catch (error) {
      toast.error(errorMessage(error, 'Export failed. Please try again.'));
    } finally {
      setReceived(null);
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={() => setImporting(true)}>
        <FileUp aria-hidden="true" className="size-4" />
        Import CSV
      </Button>
      <Button variant="secondary" size="sm" onClick={() => void exportCsv()} disabled={received !== null}>
        <FileDown aria-hidden="true" className="size-4" />
        {received === null ? 'Export CSV' : `Exporting... ${size(received)}`}
      </Button>
      <ImportPeopleDialog open={importing} onClose={() => setImporting(false)} />
    </div>
  );
}
