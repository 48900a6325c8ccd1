import { useAuth } from '@/lib/auth-context';
import { AdminDashboard } from '../components/AdminDashboard';
import { StaffDashboard } from '../components/StaffDashboard';

export function DashboardPage() {
  const { user, can } = useAuth();
  const firstName = user?.first_name ?? '';
  return can('dashboard.organisation') ? (
    <AdminDashboard firstName={firstName} />
  ) : (
    <StaffDashboard firstName={firstName} />
  );
}
