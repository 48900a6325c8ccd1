import { PageHeader } from '@/components/ui/PageHeader';

export function LeavePage() {
  return (
    <PageHeader
      title="Leave & HR"
      description="Leave balances, applications and approvals are coming here soon."
    />
  );
}
