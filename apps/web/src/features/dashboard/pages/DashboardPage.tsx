import { useAuth } from '@/app/providers/auth-context';
import { AdminDashboard } from '../components/AdminDashboard';
import { StaffDashboard } from '../components/StaffDashboard';

export function DashboardPage() {
  const { user, isAdmin } = useAuth();
  const firstName = user?.first_name ?? '';
  return isAdmin ? <AdminDashboard firstName={firstName} /> : <StaffDashboard firstName={firstName} />;
}
