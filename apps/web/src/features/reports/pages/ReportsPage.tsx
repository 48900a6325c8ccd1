import { PageHeader } from '@/components/ui/PageHeader';

export function ReportsPage() {
  return (
    <PageHeader
      title="Reports"
      description="Generating and exporting organizational reports is coming here soon."
    />
  );
}
