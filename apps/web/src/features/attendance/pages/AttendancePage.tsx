import { useAuth } from '@/lib/auth-context';
import { AttendanceManagement } from '../components/AttendanceManagement';
import { MyAttendance } from '../components/MyAttendance';

/** Admins manage everyone's attendance; staff see their own (spec section 2). */
export function AttendancePage() {
  const { can } = useAuth();
  return can('attendance.manage') ? <AttendanceManagement /> : <MyAttendance />;
}
