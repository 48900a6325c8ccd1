import { PageHeader } from '@/components/ui/PageHeader';

export function AttendancePage() {
  return (
    <PageHeader
      title="Time & Attendance"
      description="Check-in and check-out, attendance history and the team calendar are coming here soon."
    />
  );
}
