import { PageHeader } from '@/components/ui/PageHeader';

export function AdminDashboard({ firstName }: { firstName: string }) {
  return (
    <PageHeader
      title="Admin Dashboard"
      description={`Welcome back, ${firstName}. Organisation-wide attendance, leave and building activity will appear here.`}
    />
  );
}
