import { PageHeader } from '@/components/ui/PageHeader';

export function AccessControlPage() {
  return (
    <PageHeader
      title="Access Control"
      description="Building access logs, devices and security alerts are coming here soon."
    />
  );
}
