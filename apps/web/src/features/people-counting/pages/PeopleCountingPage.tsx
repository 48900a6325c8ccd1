import { PageHeader } from '@/components/ui/PageHeader';

export function PeopleCountingPage() {
  return (
    <PageHeader
      title="People Counting"
      description="Visitor foot traffic analytics and conversion insights are coming here soon."
    />
  );
}
