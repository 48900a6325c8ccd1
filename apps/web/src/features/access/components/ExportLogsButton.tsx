import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { ExportProgress } from '@/components/ui/ExportProgress';
import { useToast } from '@/components/ui/toast-context';
import { useSiteFilter } from '@/lib/site-filter';
import { downloadLogsCsv, type LogFilters } from '../api/access-api';

/** Export CSV of the logs as filtered; the bytes received show while the file streams in. */
export function ExportLogsButton({ filters, disabled }: { filters: LogFilters; disabled: boolean }) {
  const toast = useToast();
  const [received, setReceived] = useState<number | null>(null);
  const { siteId } = useSiteFilter();
  const start = async () => {
    setReceived(0);
    try {
      await downloadLogsCsv(filters, siteId, setReceived);
      toast.success('Access logs exported');
    } catch {
      toast.error('The access logs could not be exported');
    } finally {
      setReceived(null);
    }
  };
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void start()}
        disabled={disabled || received !== null}
        aria-busy={received !== null}
      >
        <Download aria-hidden="true" className="size-4" />
        Export CSV
      </Button>
      <ExportProgress received={received} />
    </>
  );
}
