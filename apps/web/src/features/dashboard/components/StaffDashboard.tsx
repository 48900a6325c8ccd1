import { PageHeader } from '@/components/ui/PageHeader';
import { greeting } from '../greeting';

export function StaffDashboard({ firstName }: { firstName: string }) {
  return (
    <PageHeader
      title={`${greeting()}, ${firstName}`}
      description="Your attendance, leave balance and quick actions will appear here."
    />
  );
}
