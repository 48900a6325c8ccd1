import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/PageHeader';
import { SiteFilter } from '@/components/ui/SiteFilter';
import { TabPanel, Tabs } from '@/components/ui/Tabs';
import { useToast } from '@/components/ui/toast-context';
import { downloadAttendanceCsv } from '@/lib/attendance-export';
import { siteQuery, useSiteFilter } from '@/lib/site-filter';
import { type DateRange, todayLocal } from '../lib/calendar';
import { CorrectionRequestsPanel } from './CorrectionRequestsPanel';
import { EmployeeManagement } from './EmployeeManagement';
import { OverviewPanel } from './OverviewPanel';

type Tab = 'overview' | 'employees' | 'corrections';
const TABS: { id: Tab; label: string }[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'employees', label: 'Employee Management' },
  { id: 'corrections', label: 'Corrections' },
];

/** Everyone's attendance for a picked date (or an advanced range), from the server. */
export function AttendanceManagement() {
  const toast = useToast();
  const { siteId, site } = useSiteFilter();
  // A chosen site's today is its own; the date follows it until another is picked.
  const today = site?.today ?? todayLocal();
  const [picked, setDate] = useState<string | null>(null);
  const date = picked ?? today;
  const [range, setRange] = useState<DateRange | null>(null);
  const [tab, setTab] = useState<Tab>('overview');
  const [exporting, setExporting] = useState(false);

  const generateReport = async () => {
    setExporting(true);
    try {
      await downloadAttendanceCsv({
        startDate: range?.start ?? date,
        endDate: range?.end ?? date,
        ...siteQuery(siteId),
      });
    } catch {
      toast.error('Export failed. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <div>
      <PageHeader
        title="Attendance Management"
        description="Organisation attendance, corrections and exports."
        actions={
          <>
            <SiteFilter />
            <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
              Date
              <input
                type="date"
                value={date}
                max={today}
                onChange={(e) => e.target.value && setDate(e.target.value)}
                className="h-10 rounded-lg border border-slate-300 px-3 text-sm"
                data-testid="attendance-date"
              />
            </label>
            <Button onClick={() => void generateReport()} disabled={exporting}>
              <FileDown aria-hidden="true" className="size-4" />
              {exporting ? 'Generating...' : 'Generate Report'}
            </Button>
          </>
        }
      />
      <Tabs
        tabs={TABS}
        value={tab}
        onChange={setTab}
        label="Attendance management views"
        idPrefix="attendance-admin"
      />
      <TabPanel idPrefix="attendance-admin" id={tab}>
        {tab === 'corrections' ? (
          <CorrectionRequestsPanel />
        ) : tab === 'overview' ? (
          <OverviewPanel date={date} today={today} />
        ) : (
          <EmployeeManagement date={date} range={range} onRangeChange={setRange} />
        )}
      </TabPanel>
    </div>
  );
}
